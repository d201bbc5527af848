from django.apps import AppConfig


class RatingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "spacemission.ratings"

    def ready(self) -> None:
        # A finished match announces itself; the ratings, above it, listen.
        from spacemission.matches.signals import match_finished
        from spacemission.ratings.services import on_match_finished

        match_finished.connect(on_match_finished, dispatch_uid="ratings-rate")
