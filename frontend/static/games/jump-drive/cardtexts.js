// Jump Drive's card names and powers, translated: the view carries them in English as
// printed (games/jump_drive/jump-drive.json); the page shows them in the reader's language.
// tests/browser/test_jump_drive_modules.py checks this list against the JSON file.
import { gettext } from "../../js/match/i18n.js";

const TEXTS = {
  "devolved-uplift-race": () => [gettext("Devolved Uplift Race"), ""],
  "arboreal-uplift-race": () => [gettext("Arboreal Uplift Race"), ""],
  "amphibious-uplift-race": () => [gettext("Amphibious Uplift Race"), ""],
  "artist-colony": () => [gettext("Artist Colony"), gettext("+1 income while your empire holds at least one Galactic Advertisers.")],
  "colony-convoy": () => [gettext("Colony Convoy"), gettext("After a world placed by paying (non-military, or military via Contact Specialist), you may discard this card from your empire to place a second world that round, also by paying, at 2 less. It may wait for a later round; each copy works once, since it leaves the empire.")],
  "contact-specialist": () => [gettext("Contact Specialist"), gettext("You may pay for a non-yellow military world instead of conquering it: its defense is its cost, less 1, less any other world discounts. Extra copies add nothing.")],
  "gem-smugglers": () => [gettext("Gem Smugglers"), ""],
  "genetics-lab": () => [gettext("Genetics Lab"), gettext("+1 income while your empire holds at least one green world (military or not).")],
  "insect-uplift-race": () => [gettext("Insect Uplift Race"), ""],
  "investment-credits": () => [gettext("Investment Credits"), gettext("Developments cost you 1 less.")],
  "lifeforms-inc": () => [gettext("Lifeforms Inc."), ""],
  "military-convoy": () => [gettext("Military Convoy"), gettext("After conquering a military world, you may conquer a second military world that round with the military left unused by the first. Not after a world placed with Contact Specialist. The card stays.")],
  "mining-robots": () => [gettext("Mining Robots"), gettext("Brown worlds you pay for cost 1 less.")],
  "new-survivalists": () => [gettext("New Survivalists"), ""],
  "new-vinland": () => [gettext("New Vinland"), gettext("+2 income while your empire holds at least one Galactic Advertisers.")],
  "pirate-fuel-cache": () => [gettext("Pirate Fuel Cache"), gettext("+1 VP while your empire holds at least one Military Convoy.")],
  "smuggling-lair": () => [gettext("Smuggling Lair"), ""],
  "survey-team": () => [gettext("Survey Team"), gettext("Not in the deck: one per player waits in the centre. Once per game a player may place one instead of a development from hand (cost 1; 0 when no world is placed that round). At most one per empire.")],
  "trade-pact": () => [gettext("Trade Pact"), gettext("May be placed only if your empire shows no printed military icon, or holds a Contact Specialist. At most one per empire. +1 income while at least one other player has a Trade Pact.")],
  "adaptable-uplift-race": () => [gettext("Adaptable Uplift Race"), ""],
  "ancient-races": () => [gettext("Ancient Races"), ""],
  "asteroid-belt": () => [gettext("Asteroid Belt"), gettext("+1 income while your empire holds at least one Mining Robots.")],
  "consumer-markets": () => [gettext("Consumer Markets"), gettext("1 VP and 1 income for each blue world (military or not) in your empire.")],
  "convict-miners": () => [gettext("Convict Miners"), ""],
  "former-penal-colony": () => [gettext("Former Penal Colony"), gettext("+1 income while your empire holds at least one Galactic Advertisers.")],
  "gem-world": () => [gettext("Gem World"), gettext("+2 VP while your empire holds at least one Mining Conglomerate.")],
  "reptilian-uplift-world": () => [gettext("Reptilian Uplift World"), ""],
  "rosetta-stone-world": () => [gettext("Rosetta Stone World"), gettext("+2 military, but only for conquering yellow (Alien) military worlds.")],
  "space-marines": () => [gettext("Space Marines"), ""],
  "war-propaganda": () => [gettext("War Propaganda"), gettext("Before each scoring, if another player has more general military than the holder, this card moves to the player with the most (ties among the others: the first of them to the holder's left; holder tied for most: it stays).")],
  "alien-toy-shop": () => [gettext("Alien Toy Shop"), gettext("+1 VP while your empire holds Alien Technology Institute.")],
  "comet-zone": () => [gettext("Comet Zone"), ""],
  "galactic-advertisers": () => [gettext("Galactic Advertisers"), gettext("Galactic Trendsetters cost you 1 less.")],
  "galactic-resort": () => [gettext("Galactic Resort"), gettext("+1 income while your empire holds at least one Galactic Advertisers.")],
  "imperium-blaster-factory": () => [gettext("Imperium Blaster Factory"), gettext("+1 VP while your empire holds at least one Mining Conglomerate.")],
  "mining-conglomerate": () => [gettext("Mining Conglomerate"), gettext("Brown worlds you pay for cost 1 less; 1 VP for each brown world (military or not) in your empire.")],
  "mining-world": () => [gettext("Mining World"), gettext("+1 income while your empire holds at least one Mining Robots.")],
  "pirate-lair": () => [gettext("Pirate Lair"), ""],
  "rebel-underground": () => [gettext("Rebel Underground"), ""],
  "replicant-robots": () => [gettext("Replicant Robots"), gettext("Worlds you pay for (including military worlds paid with Contact Specialist) cost 2 less.")],
  "space-symbionts": () => [gettext("Space Symbionts"), gettext("Developments cost you 2 less.")],
  "tourist-world": () => [gettext("Tourist World"), gettext("+1 income while your empire holds at least one Artist Colony.")],
  "uplift-mining-moles": () => [gettext("Uplift Mining Moles"), gettext("Brown worlds you pay for cost 1 less.")],
  "warrior-race": () => [gettext("Warrior Race"), ""],
  "alien-robot-sentry": () => [gettext("Alien Robot Sentry"), ""],
  "drop-ships": () => [gettext("Drop Ships"), ""],
  "galactic-trendsetters": () => [gettext("Galactic Trendsetters"), gettext("2 VP for each Galactic Trendsetters in your empire, this one included (n copies score 2n each, 2n² in all).")],
  "survey-hq": () => [gettext("Survey HQ"), gettext("1 VP and 1 income for each full pair of printed explore icons in your empire.")],
  "uplift-mercenaries": () => [gettext("Uplift Mercenaries"), gettext("+1 general military for each printed chromosome icon in your empire; +1 income for each such icon.")],
  "uplift-researchers": () => [gettext("Uplift Researchers"), gettext("1 VP and 1 income for each printed chromosome icon in your empire.")],
  "deserted-alien-colony": () => [gettext("Deserted Alien Colony"), ""],
  "lost-alien-warship": () => [gettext("Lost Alien Warship"), ""],
  "lost-species-ark-world": () => [gettext("Lost Species Ark World"), ""],
  "new-earth": () => [gettext("New Earth"), gettext("+1 VP while your empire holds at least one Galactic Advertisers.")],
  "rebel-outpost": () => [gettext("Rebel Outpost"), ""],
  "terraformed-world": () => [gettext("Terraformed World"), ""],
  "deserted-alien-world": () => [gettext("Deserted Alien World"), ""],
  "galactic-salon": () => [gettext("Galactic Salon"), gettext("Developments cost you 1 less.")],
  "lost-alien-battle-fleet": () => [gettext("Lost Alien Battle Fleet"), ""],
  "rebel-base": () => [gettext("Rebel Base"), ""],
  "alien-technology-institute": () => [gettext("Alien Technology Institute"), gettext("+2 military, only for conquering yellow military worlds; 4 VP for each yellow world in your empire, plus 4 VP for each yellow world in one other empire.")],
  "deserted-alien-library": () => [gettext("Deserted Alien Library"), ""],
  "free-trade-association": () => [gettext("Free Trade Association"), gettext("2 VP for each blue world in your empire, plus 1 VP for each blue world in one other empire.")],
  "rebel-world": () => [gettext("Rebel World"), ""],
  "alien-guardians": () => [gettext("Alien Guardians"), ""],
  "galactic-imperium": () => [gettext("Galactic Imperium"), gettext("+4 military, only for conquering REBEL military worlds; 2 VP for each military world in your empire, plus 1 VP for each military world in one other empire.")],
  "mining-league": () => [gettext("Mining League"), gettext("3 VP and 1 income for each brown world in your empire.")],
  "new-galactic-order": () => [gettext("New Galactic Order"), gettext("1 VP for each point of general military in your empire (printed icons plus Uplift Mercenaries; not specialised military).")],
  "galactic-federation": () => [gettext("Galactic Federation"), gettext("Developments cost you 2 less; 2 VP for each development in your empire, plus 1 VP for each development in one other empire.")],
  "galactic-survey-seti": () => [gettext("Galactic Survey: SETI"), gettext("1 VP for each printed explore icon in your empire, plus 1 VP for each printed explore icon in one other empire.")],
  "rebel-stronghold": () => [gettext("Rebel Stronghold"), ""],
  "uplift-code": () => [gettext("Uplift Code"), gettext("1 VP and 1 income for each printed chromosome icon in your empire, plus 1 VP for each printed chromosome icon in one other empire.")],
};

/** A card type's name in the reader's language (from its type id, or a card's view). */
export function cardName(card) {
  const type = typeof card === "string" ? card : card?.card;
  return TEXTS[type]?.()[0] ?? card?.name ?? String(type ?? "");
}

/** A card's power in the reader's language ("" when it has none). */
export function cardPower(card) {
  const type = typeof card === "string" ? card : card?.card;
  return TEXTS[type]?.()[1] ?? card?.power ?? "";
}

/** Every card type this module words (for the check against the game's data). */
export const CARD_TYPES = Object.keys(TEXTS);
