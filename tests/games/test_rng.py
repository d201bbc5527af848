from games import rng


def test_same_seed_same_sequence():
    a, b = rng.seed_state(42), rng.seed_state(42)
    for _ in range(100):
        a, x = rng.next_u64(a)
        b, y = rng.next_u64(b)
        assert x == y


def test_randbelow_stays_in_range_and_covers_it():
    state, seen = rng.seed_state(7), set()
    for _ in range(500):
        state, value = rng.randbelow(state, 6)
        assert 0 <= value < 6
        seen.add(value)
    assert seen == set(range(6))


def test_shuffled_is_a_permutation_and_leaves_input_alone():
    items = list(range(20))
    _, out = rng.shuffled(rng.seed_state(3), items)
    assert sorted(out) == items
    assert out != items
    assert items == list(range(20))


def test_nth_u64_is_the_value_that_many_draws_on():
    state, values = rng.seed_state(9), []
    for _ in range(20):
        state, value = rng.next_u64(state)
        values.append(value)
    start = rng.seed_state(9)
    assert [rng.nth_u64(start, n) for n in range(20)] == values
