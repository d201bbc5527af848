"""Pure rules of the games on the platform.

Nothing in this package imports Django, Channels or any server code: every game is a
set of pure functions over plain JSON-ready state (see ``games.core``).
"""
