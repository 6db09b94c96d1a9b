"""One plausible learner's mistake for every exercise of the Klondike lesson, as the learner would write it.

``WRONG`` maps each exercise id (``klondike.new_deck``…) to a wrong function, run as a notebook cell would
run it (a file name of its own, so a report quotes the learner's line): ``check(exercise(id)(WRONG[id]))``
must fail with a report whose picture marks at least one difference (the shared report test, and
``test_wrong_answers.py`` here). ``SOURCES`` holds the same mistakes as source text by step; each board
piece among them also makes a board play differently (``test_lesson.py``). ``MORE`` adds the other
mistakes a report must say clearly in its own words (cards left as lists by a restore, a stock turned
over without reversing the waste, a deck face up).
"""

from __future__ import annotations

import json
import linecache
import random
from typing import Any, Callable, Sequence

from gamelab.klondike import HISTORY_LIMIT, RANK_NAMES, SCORES, SUITS, Card, Klondike, Selection
from gamelab.klondike.controls import Timer
from gamelab.lessons.exercises import exercise

__all__ = ["WRONG", "SOURCES", "MORE", "learner"]

# One rule broken on purpose in each: every one of them must fail its check, and every board piece must make
# the engine or the board behave differently.
SOURCES: dict[str, str] = {
    "new_deck": '''
@exercise("klondike.new_deck")
def new_deck():
    return [Card(suit, rank) for rank in range(1, 14) for suit in range(4)]   # rank by rank
''',
    "shuffle": '''
@exercise("klondike.shuffle")
def shuffle(deck, rng):
    for i in range(len(deck) - 1, 0, -1):
        j = rng.randrange(i)              # never leaves a card where it is
        deck[i], deck[j] = deck[j], deck[i]
''',
    "deal_columns": '''
@exercise("klondike.deal_columns")
def deal_columns(deck):
    tableau = [[] for _ in range(7)]
    for column in range(7):
        for row in range(column + 1):
            card = deck.pop()
            tableau[column].append(card.face_up() if row == 0 else card)   # the bottom card up
    return tableau, deck
''',
    "can_tableau": '''
@exercise("klondike.can_tableau")
def can_tableau(card, pile):
    return card.rank == 13 if not pile else pile[-1].up and pile[-1].rank == card.rank + 1   # any color
''',
    "can_foundation": '''
@exercise("klondike.can_foundation")
def can_foundation(card, foundation):
    return not foundation or card.rank == len(foundation) + 1   # any card starts a foundation
''',
    "is_run": '''
@exercise("klondike.is_run")
def is_run(cards):
    return len(cards) == 1                # never several cards at once
''',
    "selected_cards": '''
@exercise("klondike.selected_cards")
def selected_cards(game, selection):
    if selection.where == "waste":
        return game.waste[-1:]
    if selection.where == "foundation":
        return game.foundations[selection.pile][-1:]
    return game.tableau[selection.pile][-1:]    # only the top card of a column
''',
    "remove_selected": '''
@exercise("klondike.remove_selected")
def remove_selected(game, selection):
    if selection.where == "waste":
        return [game.waste.pop()]
    if selection.where == "foundation":
        return [game.foundations[selection.pile].pop()]
    return [game.tableau[selection.pile].pop()]  # only the top card of a column
''',
    "reveal": '''
@exercise("klondike.reveal")
def reveal(game, column):
    pile = game.tableau[column]
    if pile and not pile[-1].up:
        pile[-1] = pile[-1].face_up()             # no 5 points
''',
    "move_to_pile": '''
@exercise("klondike.move_to_pile")
def move_to_pile(game, selection, column):
    cards = game.selected_cards(selection)
    if not cards or not game.can_tableau(cards[0], game.tableau[column]):
        return False
    game.tableau[column].extend(game.remove_selected(selection))
    game.moves += 1                               # forgets to reveal
    return True
''',
    "move_to_foundation": '''
@exercise("klondike.move_to_foundation")
def move_to_foundation(game, selection):
    cards = game.selected_cards(selection)
    if len(cards) != 1 or not game.can_foundation(cards[0], game.foundations[cards[0].suit]):
        return False
    game.foundations[cards[0].suit].extend(game.remove_selected(selection))
    if selection.where == "tableau":
        game.reveal(selection.pile)
    return True                                   # the move is not counted
''',
    "draw_from_stock": '''
@exercise("klondike.draw_from_stock")
def draw_from_stock(game):
    if game.stock:
        for _ in range(min(game.draw, len(game.stock))):
            game.waste.append(game.stock.pop().face_up())
    else:
        game.stock = [card.face_down() for card in game.waste]   # not turned over
        game.waste = []
    game.moves += 1
''',
    "snapshot": '''
@exercise("klondike.snapshot")
def snapshot(game):
    return json.dumps({"stock": game.stock, "waste": game.waste, "tableau": game.tableau,
                       "foundations": game.foundations, "moves": 0, "score": game.score})   # moves lost
''',
    "save_state": '''
@exercise("klondike.save_state")
def save_state(history, game):
    history.append(game.snapshot())
    if len(history) > 100:
        history.pop()                             # drops the newest
''',
    "restore": '''
@exercise("klondike.restore")
def restore(game, text):
    state = json.loads(text)
    game.stock = [Card(*card) for card in state["stock"]]
    game.waste = [Card(*card) for card in state["waste"]]
    game.tableau = [[Card(*card) for card in column] for column in state["tableau"]]
    game.moves, game.score = state["moves"], state["score"]       # forgets the foundations
''',
    "hint_moves": '''
@exercise("klondike.hint_moves")
def hint_moves(game):
    moves = []
    for i, column in enumerate(game.tableau):   # forgets the waste, and runs of several cards
        if column:
            card = column[-1]
            if game.can_foundation(card, game.foundations[card.suit]):
                moves.append(f"t{i + 1}>f")
            moves += [f"t{i + 1}>t{j + 1}" for j, pile in enumerate(game.tableau)
                      if j != i and game.can_tableau(card, pile)]
    return moves
''',
    "can_auto_complete": '''
@exercise("klondike.can_auto_complete")
def can_auto_complete(game):
    return not game.stock and game.face_down == 0 and not game.is_won   # forgets the waste
''',
    "card_text": '''
@exercise("klondike.card_text")
def card_text(card):
    return RANK_NAMES[card.rank] + SUITS[card.suit]   # face down too
''',
    "update_timer": '''
@exercise("klondike.update_timer")
def update_timer(clock, game):
    clock.reset()                                  # back to zero at every action
    clock.start()
''',
    "new_game": '''
@exercise("klondike.new_game")
def new_game(game, draw):
    return type(game).new(seed=game.setup.get("seed", 0) + 2, draw=draw)   # skips a deal
''',
}


#: more mistakes whose reports must name the cause in words (id, source)
MORE: dict[str, str] = {
    "restore_lists": '''
@exercise("klondike.restore")
def restore(game, text):
    state = json.loads(text)
    game.stock, game.waste = state["stock"], state["waste"]            # the cards stay lists
    game.tableau, game.foundations = state["tableau"], state["foundations"]
    game.moves, game.score = state["moves"], state["score"]
''',
    "deck_face_up": '''
@exercise("klondike.new_deck")
def new_deck():
    return [Card(suit, rank, True) for suit in range(4) for rank in range(1, 14)]   # face up
''',
    "deck_short": '''
@exercise("klondike.new_deck")
def new_deck():
    return [Card(suit, rank) for suit in range(4) for rank in range(1, 13)]   # no kings
''',
    "shuffle_forwards": '''
@exercise("klondike.shuffle")
def shuffle(deck, rng):
    for i in range(1, len(deck)):             # upwards: another deal
        j = rng.randrange(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
''',
    "draw_face_up_stock": '''
@exercise("klondike.draw_from_stock")
def draw_from_stock(game):
    if game.stock:
        for _ in range(min(game.draw, len(game.stock))):
            game.waste.append(game.stock.pop().face_up())
    else:
        game.stock, game.waste = game.waste[::-1], []   # left face up
    game.moves += 1
''',
    "is_run_single": '''
@exercise("klondike.is_run")
def is_run(cards):
    return all(card.up for card in cards)          # any face-up cards
''',
    "hint_raises": '''
@exercise("klondike.hint_moves")
def hint_moves(game):
    return [f"w>t{game.waste[-1].rank}"]           # an empty waste raises
''',
    "move_raises": '''
@exercise("klondike.move_to_pile")
def move_to_pile(game, selection, column):
    cards = game.selected_cards(selection)
    return cards[5].rank > 0
''',
    "snapshot_no_score": '''
@exercise("klondike.snapshot")
def snapshot(game):
    return json.dumps({"stock": game.stock, "waste": game.waste, "tableau": game.tableau,
                       "foundations": game.foundations, "moves": game.moves})
''',
    "timer_raises": '''
@exercise("klondike.update_timer")
def update_timer(clock, game):
    clock.begin()                                  # no such method
''',
    "new_game_raises": '''
@exercise("klondike.new_game")
def new_game(game, draw):
    return type(game).new(seed=game.setup["seed"] + 1, draw=draw)   # a set position has no seed
''',
    "auto_won": '''
@exercise("klondike.can_auto_complete")
def can_auto_complete(game):
    return not game.stock and not game.waste and game.face_down == 0   # a won game too
''',
}

def learner(source: str) -> Any:
    """Run ``source`` as a notebook cell would (its own file name, so a report quotes its lines); its function."""
    filename = f"<learner cell {len(linecache.cache)}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace: dict[str, Any] = {"exercise": exercise, "Card": Card, "json": json, "RANK_NAMES": RANK_NAMES,
                                 "SUITS": SUITS, "HISTORY_LIMIT": HISTORY_LIMIT, "SCORES": SCORES,
                                 "Selection": Selection, "Klondike": Klondike, "Sequence": Sequence,
                                 "random": random, "Timer": Timer}
    exec(compile(source, filename, "exec"), namespace)
    name = source.split("def ", 1)[1].split("(", 1)[0]
    return namespace[name]


#: the mistake each exercise's report is held to: the board-tested one, or where the lesson's issue named a
#: report that said too little, that mistake (a restore that leaves the cards as lists)
WRONG: dict[str, Callable[..., Any]] = {
    f"klondike.{step}": learner(source) for step, source in {**SOURCES, "restore": MORE["restore_lists"]}.items()}
