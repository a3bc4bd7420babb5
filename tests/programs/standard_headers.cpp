// What programs written for DPC++ take for granted: after only <sycl/sycl.hpp>, or <sycl.hpp>
// (DPC++'s short path) with SHORT_PATH defined, the standard names DPC++'s headers make available (assert, CHAR_BIT, std::bitset, std::cout,
// std::setw, std::ostringstream, std::numeric_limits ...) are declared, and `using namespace sycl;`
// before more standard includes leaves std::endl and std::flush working, next to sycl::endl in a
// kernel's stream; POSIX's read, write and close (<unistd.h>) are not declared.
#ifdef SHORT_PATH
#include <sycl.hpp>
#else
#include <sycl/sycl.hpp>
#endif
using namespace sycl;
#include <complex>
#include <iomanip>
#include <iostream>
#include <random>
#include <sstream>
#include <valarray>

#include "check.hpp"

// DPC++'s headers leave out <unistd.h>, so a program may name its own read, write and close.
constexpr access::mode read = access::mode::read;
constexpr access::mode write = access::mode::write;
constexpr int close = 3;

int main() {
  assert(CHAR_BIT == 8);
  std::bitset<8> bits(0xA5);
  check::equal("bitset", 0, bits.count(), 4);
  check::equal("numeric_limits", 0, std::numeric_limits<int>::max(), INT_MAX);
  check::equal("a program's own read, write and close", 0, read != write && close == 3, true);

  std::ostringstream text;
  text << std::setw(4) << 42 << std::endl << std::hex << 255 << std::flush;
  check::equal("std::endl and std::flush after using namespace sycl", 0, text.str() == "  42\nff", true);
  std::valarray<int> values{1, 2, 3};
  check::equal("valarray", 0, values.sum(), 6);
  check::equal("complex", 0, std::abs(std::complex<double>(3, 4)), 5.0);

  queue q;
  int *data = malloc_shared<int>(4, q);
  q.submit([&](handler &h) {
     stream out(1024, 256, h);
     h.parallel_for(range<1>(4), [=](id<1> i) {
       data[i] = int(i[0]) * 2;
       if (i[0] == 0) out << "kernel stream" << sycl::endl;
     });
   }).wait();
  for (int i = 0; i < 4; ++i) check::equal("kernel", i, data[i], 2 * i);
  std::cout << "std::cout works" << std::endl;
  free(data, q);
  return check::finish();
}
