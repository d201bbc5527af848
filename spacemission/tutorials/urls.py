from django.urls import path

from spacemission.tutorials import views

urlpatterns = [
    path("learn/<slug:game>/", views.learn, name="learn"),
]
