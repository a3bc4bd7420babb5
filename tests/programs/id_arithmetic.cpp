// id/range arithmetic in kernels and on the host: element-wise operators, integer scalars on
// either side (no ambiguity with id<1>'s conversion to size_t), compound assignment, the
// element-wise logical and relational operators, unary +/- and ++/-- (SYCL 2020 4.9.1.1, 4.9.1.3;
// the SYCL-CTS range and id categories).
#include <sycl/sycl.hpp>
#include "check.hpp"

int main() {
  sycl::queue q;
  const size_t n = 100;
  size_t *d = sycl::malloc_shared<size_t>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
    d[i] = (i % 7) + (i * 2u)[0] + (3 + i)[0] - (i / 2)[0];
  }).wait();
  for (size_t i = 0; i < n; ++i) check::equal("1-D", i, d[i], (i % 7) + i * 2 + 3 + i - i / 2);

  sycl::id<2> a(1, 2);
  a += 3;
  a *= a;
  sycl::range<2> r = sycl::range<2>(2, 3) * 2;
  check::equal("id compound", 0, a[0], 16u);
  check::equal("id compound", 1, a[1], 25u);
  check::equal("range scale", 0, r[1], 6u);
  check::equal("range size", 1, r.size(), 24u);
  // &&, ||, <, >, <=, >= give 0 or 1 per element, also with a scalar on either side.
  const sycl::range<3> lhs(1, 5, 0), rhs(2, 5, 3);
  const sycl::range<3> less = lhs < rhs, ge = lhs >= rhs, both = lhs && rhs, either = lhs || rhs;
  const sycl::id<3> gt = sycl::id<3>(1, 5, 0) > 1u, le = 4 <= sycl::id<3>(1, 5, 4);
  for (int k = 0; k < 3; ++k) {
    check::equal("<", k, less[k], lhs[k] < rhs[k]);
    check::equal(">=", k, ge[k], lhs[k] >= rhs[k]);
    check::equal("&&", k, both[k], lhs[k] && rhs[k]);
    check::equal("||", k, either[k], lhs[k] || rhs[k]);
  }
  check::equal("> scalar", 1, gt[1] + gt[0] + gt[2], 1u);
  check::equal("<= scalar", 0, le[0] + le[1] * 2 + le[2] * 4, 6u);
  sycl::id<2> u(3, 4);
  const sycl::id<2> neg = -u, pos = +u, post = u++;
  check::equal("unary -", 0, neg[0], size_t(0) - 3);
  check::equal("unary +", 1, pos[1], 4u);
  check::equal("postfix ++", 0, post[0] * 10 + u[0], 34u);
  check::equal("prefix --", 1, (--u)[1], 4u);
  sycl::range<1> one(7);
  check::equal("range postfix --", 0, (one--)[0] * 10 + one[0], 76u);
  sycl::free(d, q);
  return check::finish();
}
