"""Pages that read several apps at once (a player's finished games with their rating
changes, a player's running and finished games), on the floor above every app
(``docs/architecture.md``)."""
