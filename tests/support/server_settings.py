"""The settings of the servers the tests start: the app's own, with passwords hashed fast.

The real hasher spends over half a second of CPU on every sign-up and sign-in on a small
machine, and the browser tests sign up dozens of people while their browsers need the CPU.
What a server does with the hash is the same for either hasher.
"""

from spacemission.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
