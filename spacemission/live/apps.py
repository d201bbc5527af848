from django.apps import AppConfig


class LiveConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "spacemission.live"

    def ready(self) -> None:
        # The live layer announces what the stored matches report (they never call up).
        from spacemission.live import announce
        from spacemission.matches.signals import match_changed

        match_changed.connect(announce.on_match_changed, dispatch_uid="live-announce")
