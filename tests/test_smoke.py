import rules


def test_new_game_prompts_the_first_eligible_faction() -> None:
    state = rules.new_game(1)
    p = rules.prompt(state)
    assert p.faction in rules.PLAYERS
    assert rules.legal_actions(state)
