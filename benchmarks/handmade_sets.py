"""Hand-labelled context sets written for this project: fictional entities, original text.

They cover what the public data cannot: contexts with no descriptor (ambiguous and unrelated
pairs). Each context carries its true reading; pair labels follow from the readings. Sets 1-4
(and the demo) are the development split; sets 5-8 are held out and never tuned on. Sets 9-11
were added to the held-out split in session 13, because sets 5-8 have only four ambiguous
pairs: too few to measure a recall. They were written by someone who knows the classifier's
rule, before it was run on them.
"""

from __future__ import annotations

from dataclasses import dataclass

from contextorg.tools.relations.graph import Reading


@dataclass(frozen=True)
class HandContext:
    """One context and its true reading."""

    id: str
    title: str
    text: str
    reading: Reading


@dataclass(frozen=True)
class HandSet:
    """A question with its contexts."""

    name: str
    question: str
    contexts: tuple[HandContext, ...]
    split: str


def _c(id: str, title: str, text: str, descriptor: str | None, answer: str | None) -> HandContext:
    reading = Reading(answer is not None, descriptor, answer)
    return HandContext(id, title, text, reading)


SETS = (
    HandSet(
        "arden-society",
        "Who founded the Arden Botanical Society?",
        (
            _c(
                "a1",
                "Arden Botanical Society (Kelso)",
                "The Arden Botanical Society of Kelso-by-the-Water was founded by the botanist Mirela Voss, who planted its first glasshouse with ferns from the river valley.",
                "Kelso",
                "Mirela Voss",
            ),
            _c(
                "a2",
                "Kelso clubs and societies",
                "Kelso's oldest club, the Arden Botanical Society, owes its existence to Mirela Voss, its founder and first president.",
                "Kelso",
                "Mirela Voss",
            ),
            _c(
                "a3",
                "Arden Botanical Society (New Harrow)",
                "In New Harrow, a different Arden Botanical Society was founded by the schoolteacher Tomas Ekwall to catalogue the moorland orchids.",
                "New Harrow",
                "Tomas Ekwall",
            ),
            _c(
                "a4",
                "Orchid groups",
                "The Arden Botanical Society was founded by Tomas Ekwall and still meets every month.",
                None,
                "Tomas Ekwall",
            ),
            _c(
                "a5",
                "Kelso town guide (1990 edition)",
                "Kelso's Arden Botanical Society was founded by Peter Lind, a local merchant, according to this out-of-print guide.",
                "Kelso",
                "Peter Lind",
            ),
            _c(
                "a6",
                "Arden Forest walks",
                "The Arden forest trail is six kilometres long and passes two waterfalls and an old mill.",
                None,
                None,
            ),
        ),
        "dev",
    ),
    HandSet(
        "brennock-stadium",
        "What is the capacity of Brennock Stadium?",
        (
            _c(
                "b1",
                "Brennock Stadium (Lowmere)",
                "Brennock Stadium in Lowmere is home to Lowmere Rovers football club and holds 32,000 spectators since its expansion.",
                "Lowmere",
                "32,000",
            ),
            _c(
                "b2",
                "Brennock Stadium (Saltfield)",
                "Saltfield's Brennock Stadium is a cricket ground by the sea with room for 12,500 spectators.",
                "Saltfield",
                "12,500",
            ),
            _c(
                "b3",
                "Stadiums of the north",
                "Brennock Stadium holds 32,000 spectators, making it the largest venue in the region.",
                None,
                "32,000",
            ),
            _c(
                "b4",
                "Lowmere Rovers history",
                "The Rovers moved to Brennock Stadium in Lowmere, which then held 28,000 spectators.",
                "Lowmere",
                "28,000",
            ),
            _c(
                "b5",
                "River Brennock",
                "The River Brennock rises in the western hills and flows for 80 kilometres before reaching the sea.",
                None,
                None,
            ),
        ),
        "dev",
    ),
    HandSet(
        "marisol-ferry",
        "When did the ferry Marisol enter service?",
        (
            _c(
                "m1",
                "MV Marisol (Coastline Ferries)",
                "The MV Marisol, a car ferry of Coastline Ferries, entered service in 1998 on the island route.",
                "Coastline Ferries",
                "1998",
            ),
            _c(
                "m2",
                "Marisol (lake ferry)",
                "The small lake ferry Marisol entered service in 2011 and carries walkers across Lake Ilna.",
                "Lake Ilna",
                "2011",
            ),
            _c(
                "m3",
                "Ferry timetable notes",
                "The Marisol entered service in 2011 and runs every hour in summer.",
                None,
                "2011",
            ),
            _c(
                "m4",
                "Harbour chronicle",
                "The Marisol entered service in 2003, the harbour chronicle records.",
                None,
                "2003",
            ),
            _c(
                "m5",
                "Coastline Ferries fleet",
                "Coastline Ferries' MV Marisol has served the island route since it entered service in 1998.",
                "Coastline Ferries",
                "1998",
            ),
        ),
        "dev",
    ),
    HandSet(
        "glass-orchard",
        "Who wrote the novel The Glass Orchard?",
        (
            _c(
                "g1",
                "The Glass Orchard (1954 novel)",
                "The Glass Orchard is a 1954 novel by Hester Quill about a family of apple growers.",
                "1954 novel",
                "Hester Quill",
            ),
            _c(
                "g2",
                "The Glass Orchard (2009 novel)",
                "The 2009 novel The Glass Orchard, a thriller set in a greenhouse, was written by Dario Menz.",
                "2009 novel",
                "Dario Menz",
            ),
            _c(
                "g3",
                "Book club list",
                "The Glass Orchard was written by Hester Quill and is still read in schools.",
                None,
                "Hester Quill",
            ),
            _c(
                "g4",
                "The Glass Orchard (film)",
                "The soundtrack of the film The Glass Orchard was composed by Ana Ruiz and recorded in Lisbon.",
                None,
                None,
            ),
            _c(
                "g5",
                "Hester Quill",
                "Hester Quill's best known book, the 1954 novel The Glass Orchard, was written in a single winter.",
                "1954 novel",
                "Hester Quill",
            ),
        ),
        "dev",
    ),
    HandSet(
        "tarrow-population",
        "What is the population of Tarrow?",
        (
            _c(
                "t1",
                "Tarrow (Dunmoor)",
                "Tarrow is a village in Dunmoor county with a population of 1,240 at the last census.",
                "Dunmoor",
                "1,240",
            ),
            _c(
                "t2",
                "Tarrow (Kessel Range)",
                "Tarrow, a mining town in the Kessel Range, has a population of 8,900.",
                "Kessel Range",
                "8,900",
            ),
            _c(
                "t3",
                "Villages of Dunmoor",
                "The Dunmoor village of Tarrow has 1,900 inhabitants, this list claims.",
                "Dunmoor",
                "1,900",
            ),
            _c(
                "t4",
                "Mining towns",
                "Tarrow has a population of 8,900, according to the regional yearbook.",
                None,
                "8,900",
            ),
            _c(
                "t5",
                "Tarrow (surname)",
                "Tarrow is an English surname found mostly in the north west.",
                None,
                None,
            ),
        ),
        "heldout",
    ),
    HandSet(
        "osprey-camera",
        "Which company makes the Osprey 9 camera?",
        (
            _c(
                "o1",
                "Osprey 9",
                "The Osprey 9 is a mirrorless camera made by Kestrel Optics and released in spring.",
                None,
                "Kestrel Optics",
            ),
            _c(
                "o2",
                "Camera review",
                "Kestrel Optics makes the Osprey 9, a light camera with a weather-sealed body.",
                None,
                "Kestrel Optics",
            ),
            _c(
                "o3",
                "Forum post",
                "The Osprey 9 camera is made by Lumina Works, according to a forum post.",
                None,
                "Lumina Works",
            ),
            _c(
                "o4",
                "Osprey (bird)",
                "The osprey is a fish-eating bird of prey found on every continent except Antarctica.",
                None,
                None,
            ),
        ),
        "heldout",
    ),
    HandSet(
        "redfield-otters",
        "Who coaches the Redfield Otters?",
        (
            _c(
                "r1",
                "Redfield Otters (ice hockey)",
                "The Redfield Otters ice hockey team is coached by Lena Marsh, a former national team captain.",
                "ice hockey",
                "Lena Marsh",
            ),
            _c(
                "r2",
                "Redfield Otters (basketball)",
                "Sam Okoro coaches the Redfield Otters basketball team in the city league.",
                "basketball",
                "Sam Okoro",
            ),
            _c(
                "r3",
                "City sports weekly",
                "Sam Okoro coaches the Redfield Otters and has won two titles with them.",
                None,
                "Sam Okoro",
            ),
            _c(
                "r4",
                "Old hockey page",
                "The Redfield Otters ice hockey team is coached by Ivan Petrov, this page says.",
                "ice hockey",
                "Ivan Petrov",
            ),
            _c(
                "r5",
                "Redfield",
                "Redfield is a market town with a weekly fair and a canal.",
                None,
                None,
            ),
        ),
        "heldout",
    ),
    HandSet(
        "halvard-bridge",
        "When was the Halvard Bridge opened?",
        (
            _c(
                "h1",
                "Halvard Bridge (railway)",
                "The Halvard Bridge, a railway bridge over the River Tenn, was opened in 1899.",
                "railway",
                "1899",
            ),
            _c(
                "h2",
                "Halvard Bridge (footbridge)",
                "The Halvard footbridge in Ostrava Park was opened in 1972.",
                "footbridge",
                "1972",
            ),
            _c(
                "h3",
                "Bridges of the Tenn",
                "The Halvard Bridge was opened in 1899 after four years of work.",
                None,
                "1899",
            ),
            _c(
                "h4",
                "Local almanac",
                "The Halvard Bridge was opened in 1931, the almanac says.",
                None,
                "1931",
            ),
            _c(
                "h5",
                "Rail bridges",
                "Opened in 1899, the Halvard railway bridge carries two tracks over the Tenn.",
                "railway",
                "1899",
            ),
        ),
        "heldout",
    ),
    HandSet(
        "marlow-lighthouse",
        "Who designed the Marlow Lighthouse?",
        (
            _c(
                "m1",
                "Marlow Lighthouse (Cape Brenna)",
                "Standing on Cape Brenna, the Marlow Lighthouse was designed by the engineer Tobias Wren in 1861.",
                "Cape Brenna",
                "Tobias Wren",
            ),
            _c(
                "m2",
                "Marlow Lighthouse (Lake Ossin)",
                "The small Marlow Lighthouse on Lake Ossin was designed by Greta Lindqvist for the ferry company.",
                "Lake Ossin",
                "Greta Lindqvist",
            ),
            _c(
                "m3",
                "Lighthouse architects",
                "Tobias Wren designed the Marlow Lighthouse, among a dozen other towers.",
                None,
                "Tobias Wren",
            ),
            _c(
                "m4",
                "Coastal heritage leaflet",
                "The Marlow Lighthouse on Cape Brenna was designed by Tobias Wren; its lamp was replaced in 1950.",
                "Cape Brenna",
                "Tobias Wren",
            ),
            _c(
                "m5",
                "Travel blog",
                "Our guide told us that Greta Lindqvist designed the Marlow Lighthouse.",
                None,
                "Greta Lindqvist",
            ),
            _c(
                "m6",
                "Marlow (village)",
                "Marlow is a village known for its annual cheese market.",
                None,
                None,
            ),
        ),
        "heldout",
    ),
    HandSet(
        "northern-glass",
        "Who produced the album Northern Glass?",
        (
            _c(
                "n1",
                "Northern Glass (Vessa album)",
                "Northern Glass, the second album by the band Vessa, was produced by Idris Cole.",
                "Vessa",
                "Idris Cole",
            ),
            _c(
                "n2",
                "Northern Glass (Jun Tanaka album)",
                "Jazz pianist Jun Tanaka's album Northern Glass was produced by Mara Ellison in Oslo.",
                "Jun Tanaka",
                "Mara Ellison",
            ),
            _c(
                "n3",
                "Record review",
                "Idris Cole's production gives Northern Glass a cold, bright sound.",
                None,
                "Idris Cole",
            ),
            _c(
                "n4",
                "Studio credits",
                "Producer: Mara Ellison. Album: Northern Glass. Recorded over nine days.",
                None,
                "Mara Ellison",
            ),
            _c(
                "n5",
                "Vessa discography",
                "Vessa recorded Northern Glass with the producer Idris Cole in 2009.",
                "Vessa",
                "Idris Cole",
            ),
        ),
        "heldout",
    ),
    HandSet(
        "holloway-school",
        "When was Holloway School founded?",
        (
            _c(
                "s1",
                "Holloway School (Brackwater)",
                "Holloway School in Brackwater was founded in 1874 as a parish school.",
                "Brackwater",
                "1874",
            ),
            _c(
                "s2",
                "Holloway School (Merrin)",
                "Holloway School, a secondary school in the town of Merrin, was founded in 1962.",
                "Merrin",
                "1962",
            ),
            _c(
                "s3",
                "School histories",
                "Holloway School was founded in 1874.",
                None,
                "1874",
            ),
            _c(
                "s4",
                "Brackwater guide",
                "Brackwater's Holloway School dates from 1874, when the parish opened it.",
                "Brackwater",
                "1874",
            ),
            _c(
                "s5",
                "Alumni newsletter",
                "Since its founding in 1962, Holloway School has sent pupils to forty universities.",
                None,
                "1962",
            ),
            _c(
                "s6",
                "Holloway (surname)",
                "Holloway is a surname of English origin.",
                None,
                None,
            ),
        ),
        "heldout",
    ),
)
