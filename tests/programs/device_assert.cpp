// Device assert: a failing assert prints DPC++'s message naming the work-item (global and local
// ids, x first) on stderr and aborts; asserts that hold change nothing. With an argument, the
// nd_range kernel's work-item (3, 5) fails; without one every assert holds and the results are
// checked. The test (tests/tests/programs.rs) reads the message.
#include <cassert>
#include <sycl/sycl.hpp>
#include "check.hpp"

void check_point(int row, int column, int bad_row) {
  assert(row != bad_row || column != 5);
}

int main(int argc, char **) {
  sycl::queue q;
  const int rows = 4, columns = 8, n = 64;
  const int bad_row = argc > 1 ? 3 : -1;
  int *grid = sycl::malloc_shared<int>(rows * columns, q);
  int *line = sycl::malloc_shared<int>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
    assert(i[0] < n && line != nullptr);
    line[i] = 3 * int(i[0]);
  }).wait();
  q.parallel_for(sycl::nd_range<2>({rows, columns}, {2, 4}), [=](sycl::nd_item<2> it) {
    int row = int(it.get_global_id(0)), column = int(it.get_global_id(1));
    check_point(row, column, bad_row);
    grid[row * columns + column] = row * 100 + column;
  }).wait();
  for (int i = 0; i < n; ++i)
    check::equal("line", i, line[i], 3 * i);
  for (int i = 0; i < rows * columns; ++i)
    check::equal("grid", i, grid[i], (i / columns) * 100 + i % columns);
  sycl::free(grid, q);
  sycl::free(line, q);
  return check::finish();
}
