from rules import vijayanagara


def test_new_game_prompts_the_first_eligible_faction() -> None:
    state = vijayanagara.new_game(1)
    p = vijayanagara.prompt(state)
    assert p.faction in vijayanagara.PLAYERS
    assert vijayanagara.legal_actions(state)
