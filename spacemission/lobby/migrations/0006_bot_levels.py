"""Bots are chosen by level now: the greedy bot is the easy level. Seats of open tables,
seats of matches and the greedy bot's ratings carry over to "easy" (a rating of "easy"
cannot exist yet, so the rename keeps one rating per bot and game)."""

from django.db import migrations


def greedy_to_easy(apps, schema_editor):
    # A match seat's stored name numbers the bot ("Greedy bot 2"): keep its number.
    for seat in apps.get_model("matches", "MatchSeat").objects.filter(bot="greedy"):
        seat.bot, seat.name = "easy", seat.name.replace("Greedy bot", "Easy bot", 1)
        seat.save(update_fields=["bot", "name"])
    for app, model in (("lobby", "Seat"), ("ratings", "Rating")):
        apps.get_model(app, model).objects.filter(bot="greedy").update(bot="easy")


def easy_to_greedy(apps, schema_editor):
    for app, model in (("lobby", "Seat"), ("matches", "MatchSeat"), ("ratings", "Rating")):
        apps.get_model(app, model).objects.filter(bot="easy").update(bot="greedy")


class Migration(migrations.Migration):
    dependencies = [
        ("lobby", "0005_launch"),
        ("matches", "0010_action_match_index"),
        ("ratings", "0001_initial"),
    ]

    operations = [migrations.RunPython(greedy_to_easy, easy_to_greedy)]
