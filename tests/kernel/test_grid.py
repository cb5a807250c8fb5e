from tabletop.kernel.grid import all_different, columns, complete_columns, complete_rows, free_rows, uniform


ROWS = (("a", "b", "c"), ("a", "a"), ("b", "c", "a"))


def test_columns_read_top_down_and_list_only_what_is_placed():
    assert columns(ROWS, 3) == (("a", "a", "b"), ("b", "a", "c"), ("c", "a"))


def test_complete_rows_and_columns():
    assert complete_rows(ROWS, 3) == (0, 2)
    assert complete_columns(ROWS, 3) == (0, 1)
    assert free_rows(ROWS, 3) == (1,)


def test_uniform_and_all_different_lines():
    assert uniform(("a", "a")) and not uniform(("a", "b"))
    assert all_different(("a", "b", "c")) and not all_different(("a", "b", "a"))
