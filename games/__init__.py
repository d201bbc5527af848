"""Pure rules of the games on the platform.

Nothing in this package imports Django, Channels or any server code: every game is a
set of pure functions over plain JSON-ready state (see ``games.core``). Beside the game
packages: ``registry`` (the games offered), ``gamelog`` (log lines and what a viewer may
read of them), ``memo`` (view parts shared while their state parts are unchanged), ``rng``,
``simulate`` (bot games and their figures, for every game), ``bots`` (the bot levels and
the one question the platform asks them), ``search`` (the search the normal and strong
levels share) and ``arena`` (bots against bots, seat-rotated, with confidence intervals).
"""
