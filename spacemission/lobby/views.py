# Create your views here.
