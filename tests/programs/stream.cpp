// sycl::stream (SYCL 2020 4.16). The program prints; the test (tests/tests/stream_and_hierarchical.rs)
// reads its stdout and checks it:
//  - "fmt K: text" lines come from kernels, one per formatting case, and "expect K: text" lines
//    from the host, formatted with iostreams (the reference) or, for the SYCL types and null
//    pointers whose format is ours, written out; each K must have one fmt line equal to its
//    expect line;
//  - many work-items of range, nd_range (with a barrier in the middle of each line) and
//    hierarchical kernels print lines in several statements, which must each appear exactly once
//    and whole, before the host's next output;
//  - two streams in one kernel, a work-item's text left unflushed at the end of the kernel, the
//    total buffer limit (whole lines dropped) and the work-item limit (the excess dropped).
#include <sycl/sycl.hpp>

#include <cstdint>
#include <cstdio>
#include <iomanip>
#include <ios>
#include <sstream>
#include <string>

#include "check.hpp"

// The iostream reference of one case.
template <typename Write> void expect(int k, Write write) {
  std::ostringstream text;
  write(text);
  std::printf("expect %d: %s\n", k, text.str().c_str());
}
void expect_text(const char *k, const char *text) { std::printf("expect %s: %s\n", k, text); }

void formatting(sycl::queue &q) {
  expect(1, [](std::ostream &s) { s << 42 << ' ' << -42 << ' ' << 0; });
  expect(2, [](std::ostream &s) { s << INT64_MIN << ' ' << UINT64_MAX; });
  expect(3, [](std::ostream &s) { s << short(-5) << ' ' << (unsigned short)65535 << ' ' << 7u << ' ' << -7L; });
  // signed char and unsigned char print as numbers, as in DPC++ (std::ostream prints characters).
  expect(4, [](std::ostream &s) { s << 'x' << -123 << ' ' << 200; });
  expect(5, [](std::ostream &s) { s << std::boolalpha << true << ' ' << false; });
  expect(6, [](std::ostream &s) {
    s << std::hex << 255 << ' ' << std::showbase << 255 << ' ' << 0 << ' ' << std::noshowbase << -1;
  });
  expect(7, [](std::ostream &s) { s << std::oct << 8 << ' ' << std::showbase << 8 << ' ' << 0; });
  expect(8, [](std::ostream &s) {
    s << std::showpos << 5 << ' ' << -5 << ' ' << 5u << ' ' << 0 << ' ' << std::hex << 5 << std::noshowpos;
  });
  expect(9, [](std::ostream &s) { s << 1.5f << ' ' << 0.1 << ' ' << 1e20 << ' ' << 123456789.0 << ' ' << -0.0; });
  expect(10, [](std::ostream &s) {
    s << std::setprecision(3) << 3.14159 << ' ' << std::fixed << std::setprecision(2) << 2.0 << ' '
      << std::scientific << std::setprecision(3) << 12345.678;
  });
  expect(11, [](std::ostream &s) { s << std::hexfloat << 1.5 << ' ' << std::defaultfloat << 1.5; });
  expect(12, [](std::ostream &s) { s << std::showpos << 1.5 << ' ' << std::fixed << 0.25; });
  expect(13, [](std::ostream &s) {
    s << std::setw(6) << 42 << '|' << std::setw(4) << "ab" << '|' << std::setw(3) << 'c' << '|' << std::setw(5) << 1
      << 2;
  });
  expect(14, [](std::ostream &s) { s << 2.5L << ' ' << std::fixed << std::setprecision(1) << 1e30L; });
  expect(15, [](std::ostream &s) { s << reinterpret_cast<const int *>(std::uintptr_t(0x1234)); });
  expect_text("16", "0x0");
  expect(17, [](std::ostream &s) { s << "a string, " << "another"; });
  expect(18, [](std::ostream &s) { s << std::fixed << std::setprecision(40) << 1e300; });
  expect_text("20", "{1, 2, 3} {4, 5}");
  expect_text("25", "1, -2, 3 0.5, 1.5 {7, 8} 2.5 1, ff 2, 4");

  int *precision = sycl::malloc_shared<int>(1, q);
  q.submit([&](sycl::handler &h) {
     sycl::stream os(4096, 1024, h);
     h.single_task([=] {
       os << "fmt 1: " << 42 << ' ' << -42 << ' ' << 0 << sycl::endl;
       os << "fmt 2: " << INT64_MIN << ' ' << UINT64_MAX << sycl::endl;
       os << "fmt 3: " << short(-5) << ' ' << (unsigned short)65535 << ' ' << 7u << ' ' << -7L << sycl::endl;
       os << "fmt 4: " << 'x' << (signed char)-123 << ' ' << (unsigned char)200 << sycl::endl;
       os << "fmt 5: " << true << ' ' << false << sycl::endl;
       os << "fmt 6: " << sycl::hex << 255 << ' ' << sycl::showbase << 255 << ' ' << 0 << ' ' << sycl::noshowbase
          << -1 << sycl::dec << sycl::endl;
       os << "fmt 7: " << sycl::oct << 8 << ' ' << sycl::showbase << 8 << ' ' << 0 << sycl::dec << sycl::noshowbase
          << sycl::endl;
       os << "fmt 8: " << sycl::showpos << 5 << ' ' << -5 << ' ' << 5u << ' ' << 0 << ' ' << sycl::hex << 5
          << sycl::dec << sycl::noshowpos << sycl::endl;
       os << "fmt 9: " << 1.5f << ' ' << 0.1 << ' ' << 1e20 << ' ' << 123456789.0 << ' ' << -0.0 << sycl::endl;
       os << "fmt 10: " << sycl::setprecision(3) << 3.14159 << ' ' << sycl::fixed << sycl::setprecision(2) << 2.0
          << ' ' << sycl::scientific << sycl::setprecision(3) << 12345.678 << sycl::endl;
       os << sycl::defaultfloat << sycl::setprecision(6);
       os << "fmt 11: " << sycl::hexfloat << 1.5 << ' ' << sycl::defaultfloat << 1.5 << sycl::endl;
       os << "fmt 12: " << sycl::showpos << 1.5 << ' ' << sycl::fixed << 0.25 << sycl::noshowpos << sycl::defaultfloat
          << sycl::endl;
       os << "fmt 13: " << sycl::setw(6) << 42 << '|' << sycl::setw(4) << "ab" << '|' << sycl::setw(3) << 'c' << '|'
          << sycl::setw(5) << 1 << 2 << sycl::endl;
       os << "fmt 14: " << 2.5L << ' ' << sycl::fixed << sycl::setprecision(1) << 1e30L << sycl::endl;
       os << "fmt 15: " << reinterpret_cast<const int *>(std::uintptr_t(0x1234)) << sycl::endl;
       os << "fmt 16: " << static_cast<const int *>(nullptr) << sycl::endl;
       const char *other = "another";
       os << "fmt 17: " << "a string, " << other << sycl::endl;
       os << "fmt 18: " << sycl::fixed << sycl::setprecision(40) << 1e300 << sycl::endl; // longer than 128
       os << sycl::defaultfloat << sycl::setprecision(17);
       precision[0] = int(os.get_precision());
       os << "fmt 20: " << sycl::id<3>(1, 2, 3) << ' ' << sycl::range<2>(4, 5) << sycl::endl;
       os << sycl::defaultfloat << sycl::setprecision(6);
       os << "fmt 25: " << sycl::int3(1, -2, 3) << ' ' << sycl::float2(0.5f, 1.5f) << ' ' << sycl::marray<int, 2>{7, 8}
          << ' ' << sycl::half(2.5f) << ' ' << sycl::hex << sycl::uint2(1, 255) << sycl::dec << ' '
          << sycl::int4(1, 2, 3, 4).odd() << sycl::endl;
     });
   }).wait();
  check::equal("get_precision", 0, precision[0], 17);
  sycl::free(precision, q);

  // Formatting state belongs to the work-item: item 0 switches to hex, item 1 (after it, in the
  // same group) still prints decimal. And the index types of kernels.
  expect_text("19.0", "ff 255");
  expect_text("19.1", "255 255");
  expect_text("21", "nd_item(global_id: {5}, local_id: {1}) group(group_id: {1}, group_range: {2}, local_range: {4})");
  expect_text("21.1", "nd_range(global_range: {8}, local_range: {4}, offset: {0})");
  expect_text("22", "item(range: {2, 3}, id: {1, 2}, offset: {0, 0})");
  // An h_item takes five lines (DPC++'s form); the other four are checked by the test.
  expect_text("23", "h_item(");
  q.submit([&](sycl::handler &h) {
     sycl::stream os(4096, 256, h);
     h.parallel_for(sycl::nd_range<1>(8, 4), [=](sycl::nd_item<1> it) {
       const size_t global = it.get_global_id(0);
       if (global < 2) {
         if (global == 0) os << sycl::hex;
         os << "fmt 19." << global << ": " << 255 << ' ';
         os << sycl::dec << 255 << sycl::endl;
       }
       if (global == 5) os << "fmt 21: " << it << ' ' << it.get_group() << sycl::endl;
       if (global == 6) os << "fmt 21.1: " << it.get_nd_range() << sycl::endl;
     });
   }).wait();
  q.submit([&](sycl::handler &h) {
     sycl::stream os(4096, 256, h);
     h.parallel_for(sycl::range<2>(2, 3), [=](sycl::item<2> it) {
       if (it[0] == 1 && it[1] == 2) os << "fmt 22: " << it << sycl::endl;
     });
   }).wait();
  q.submit([&](sycl::handler &h) {
     sycl::stream os(4096, 256, h);
     h.parallel_for_work_group(sycl::range<1>(2), sycl::range<1>(4), [=](sycl::group<1> g) {
       g.parallel_for_work_item([&](sycl::h_item<1> it) {
         if (it.get_global_id(0) == 7) os << "fmt 23: " << it << sycl::endl;
       });
     });
   }).wait();
}

// Many work-items writing lines in several pieces.
void many_work_items(sycl::queue &q) {
  q.submit([&](sycl::handler &h) {
     sycl::stream os(1 << 20, 256, h);
     h.parallel_for(sycl::nd_range<1>(64 * 16, 16), [=](sycl::nd_item<1> it) {
       const size_t g = it.get_group(0), l = it.get_local_id(0);
       os << "nd g=" << g << " l=" << l;
       sycl::group_barrier(it.get_group()); // every work-item of the group writes before any ends its line
       os << " v=" << g * 1000 + l << sycl::endl;
     });
   }).wait();
  std::printf("after nd\n");

  q.submit([&](sycl::handler &h) {
     sycl::stream os(1 << 20, 256, h);
     h.parallel_for(sycl::range<2>(37, 41), [=](sycl::item<2> it) {
       // Each work-item ends in hex: the next work-item, here or on this thread, starts in decimal.
       os << "range " << it.get_id() << " product ";
       os << it[0] * it[1] << sycl::endl << sycl::hex;
     });
   }).wait();
  std::printf("after range\n");

  q.submit([&](sycl::handler &h) {
     sycl::stream os(1 << 16, 256, h);
     h.parallel_for_work_group(sycl::range<1>(6), sycl::range<1>(4), [=](sycl::group<1> g) {
       os << "hier group " << g.get_group_id(0) << sycl::endl;
       g.parallel_for_work_item([&](sycl::h_item<1> it) {
         os << "hier item " << g.get_group_id(0) << ' ';
         os << it.get_local_id(0) << sycl::endl;
       });
     });
   }).wait();
  std::printf("after hierarchical\n");
}

void two_streams_and_limits(sycl::queue &q) {
  q.submit([&](sycl::handler &h) {
     sycl::stream a(1 << 16, 64, h);
     sycl::stream b(1 << 16, 64, h);
     h.parallel_for(sycl::range<1>(100), [=](sycl::id<1> i) {
       a << "two a ";
       b << "two b ";
       a << i[0] << sycl::endl;
       b << i[0] << sycl::endl;
     });
   }).wait();

  // Text not flushed by the work-item is flushed at the end of the kernel, before the host's
  // next output.
  q.submit([&](sycl::handler &h) {
     sycl::stream os(1024, 64, h);
     h.single_task([=] { os << "tail without endl"; });
   }).wait();
  std::printf("|after tail\n");

  // 210 bytes hold exactly ten 21-byte lines; the others are dropped whole.
  q.submit([&](sycl::handler &h) {
     sycl::stream os(210, 64, h);
     h.parallel_for(sycl::range<1>(90), [=](sycl::id<1> i) { os << "limit " << i[0] + 10 << " abcdefghijk" << sycl::endl; });
   }).wait();

  // A work-item keeps 12 characters between flushes: the rest of the first line, its newline
  // included, is dropped.
  q.submit([&](sycl::handler &h) {
     sycl::stream os(1024, 12, h);
     h.single_task([=] {
       os << "0123456789ABCDEF" << sycl::endl;
       os << "next" << sycl::endl;
     });
   }).wait();

  // The sizes are what was asked for.
  q.submit([&](sycl::handler &h) {
    sycl::stream os(1000, 100, h);
    check::equal("stream size", 0, os.size(), 1000);
    check::equal("stream get_size", 0, os.get_size(), 1000);
    check::equal("work-item buffer size", 0, os.get_work_item_buffer_size(), 100);
    sycl::stream copy = os;
    check::equal("copies compare equal", 0, copy == os, true);
  });
}

int main() {
  sycl::queue q;
  formatting(q);
  many_work_items(q);
  two_streams_and_limits(q);
  return check::finish();
}
