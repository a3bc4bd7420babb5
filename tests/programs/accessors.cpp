// Buffers and accessors: read_only / write_only / read_write, no_init (errc::invalid with
// read_only), ranged accessors with an offset in 1-D and 2-D, acc[i][j] and acc[id] subscripts,
// host_accessor, write-back to a host pointer and to a vector on destruction, no write-back from
// const data or when disabled; 0-dimensional, empty and host-task accessors; host accessors of
// command groups; handler::copy with void pointers, shared_ptr of arrays and 0-dimensional
// accessors; update_host of a live buffer; the implicit conversions between accessors; the
// deprecated get_count and get_size; host memory lent to buffers.
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <algorithm>
#include <memory>
#include <type_traits>
#include <vector>

// 0-dimensional accessors (SYCL 2020 4.7.6.9, 4.7.6.11): the first element of a buffer, read
// and assigned through the accessor itself, in kernels (device and local) and on the host;
// empty default-constructed accessors; accessors for host tasks from the *_host_task tags; an
// item as an accessor's subscript.
static void zero_dimensional_and_host_task_accessors(sycl::queue &q) {
  sycl::buffer<int, 1> values{sycl::range<1>(4)};
  {
    sycl::host_accessor h(values, sycl::write_only);
    for (int i = 0; i < 4; ++i) h[i] = i + 10;
  }
  sycl::buffer<std::size_t, 1> sizes{sycl::range<1>(1)};
  q.submit([&](sycl::handler &h) {
    sycl::accessor<int, 0, sycl::access_mode::read_write> first(values, h);
    sycl::accessor<std::size_t, 0, sycl::access_mode::write> size(sizes, h);
    sycl::local_accessor<int, 0> scratch(h);
    h.parallel_for(sycl::nd_range<1>(1, 1), [=](sycl::nd_item<1>) {
      scratch = 5;
      const int value = first;
      first = value + int(scratch);
      size = first.size() * 100 + scratch.size();
    });
  });
  q.submit([&](sycl::handler &h) {
    sycl::accessor second(values, h, sycl::read_write_host_task);
    static_assert(std::is_same_v<decltype(second),
                                 sycl::accessor<int, 1, sycl::access_mode::read_write, sycl::target::host_task>>);
    h.host_task([=] { second[1] += 1000; });
  });
  q.submit([&](sycl::handler &h) {
    sycl::accessor all(values, h, sycl::read_write);
    h.parallel_for(sycl::range<1>(4), [=](sycl::item<1> it) { all[it] += 1; });
  });
  {
    sycl::host_accessor<int, 0, sycl::access_mode::read> first(values);
    sycl::host_accessor<std::size_t, 0, sycl::access_mode::read> size(sizes);
    sycl::host_accessor all(values, sycl::read_only);
    check::equal("0-d accessor", 0, int(first), 16);
    check::equal("0-d sizes", 0, std::size_t(size), std::size_t(101));
    check::equal("host task accessor", 1, all[1], 1012);
    check::equal("reverse iterators", 0, *all.crbegin() + *(all.crend() - 1), 14 + 16);
  }
  q.submit([&](sycl::handler &h) {
    sycl::accessor fresh(sizes, h, sycl::write_only, sycl::no_init);
    sycl::accessor kept(values, h, sycl::read_only);
    check::equal("accessor properties", 0,
                 fresh.has_property<sycl::property::no_init>() && !kept.has_property<sycl::property::no_init>(), true);
    (void)fresh.get_property<sycl::property::no_init>();
    h.single_task([=] { fresh[0] = kept[0]; });
  });
  {
    sycl::host_accessor host(sizes, sycl::read_write, {sycl::no_init});
    check::equal("host accessor properties", 0, host.has_property<sycl::property::no_init>(), true);
    check::equal("no_init write", 0, int(host[0]), 16);
  }
  // no_init with access_mode::read is errc::invalid (SYCL 2020 4.7.6.4), for every accessor kind;
  // nothing is submitted, so the buffer keeps its value.
  auto invalid = [](auto make) {
    try {
      make();
    } catch (const sycl::exception &e) {
      return e.code() == sycl::errc::invalid;
    }
    return false;
  };
  check::equal("no_init read host accessor throws", 0,
               invalid([&] { sycl::host_accessor read(sizes, sycl::read_only, {sycl::no_init}); }), true);
  check::equal("no_init read ranged host accessor throws", 0, invalid([&] {
                 sycl::host_accessor<std::size_t, 1, sycl::access_mode::read> read(sizes, sycl::range<1>(1),
                                                                                   {sycl::no_init});
               }),
               true);
  check::equal("no_init read accessor throws", 0, invalid([&] {
                 q.submit([&](sycl::handler &h) {
                   sycl::accessor read(sizes, h, sycl::read_only, sycl::no_init);
                   h.single_task([=] { (void)read[0]; });
                 });
               }),
               true);
  check::equal("no_init read placeholder throws", 0,
               invalid([&] { sycl::accessor read(sizes, sycl::read_only, sycl::no_init); }), true);
  {
    sycl::host_accessor kept(sizes, sycl::read_only);
    check::equal("the rejected accessors changed nothing", 0, int(kept[0]), 16);
  }
  check::equal("no_init write host accessor does not throw", 0,
               invalid([&] { sycl::host_accessor write(sizes, sycl::write_only, {sycl::no_init}); }), false);
  sycl::buffer<int, 1> nothing{sycl::range<1>(0)};
  const sycl::host_accessor<int, 0> of_nothing(nothing);
  check::equal("0-d accessor of an empty buffer", 0, of_nothing.empty() && of_nothing.begin() == of_nothing.end(), true);
  const sycl::host_accessor<int, 2> none;
  const sycl::accessor<int, 0> no_element;
  check::equal("empty accessors", 0, none.empty() && none.size() == 0 && none.begin() == none.end() && no_element.empty(), true);
}

// Common reference semantics (SYCL 2020 4.5.2) of device, local and host accessors: copies
// compare equal and hash alike; placeholder accessors from the host-task tags.
static void accessor_reference_semantics(sycl::queue &q) {
  sycl::buffer<int, 1> b{sycl::range<1>(8)};
  sycl::buffer<int, 1> other{sycl::range<1>(8)};
  int same = 0;
  q.submit([&](sycl::handler &h) {
    sycl::accessor a(b, h, sycl::write_only);
    sycl::accessor elsewhere(other, h, sycl::write_only);
    const auto copy = a;
    sycl::local_accessor<int, 0> local(h);
    const auto local_copy = local;
    static_assert(std::is_same_v<decltype(a)::size_type, std::size_t> &&
                  std::is_same_v<decltype(a)::difference_type, std::ptrdiff_t>);
    same = a == copy && a != elsewhere && std::hash<decltype(a)>()(a) == std::hash<decltype(a)>()(copy) &&
           local == local_copy && std::hash<decltype(local)>()(local) == std::hash<decltype(local)>()(local_copy);
    h.parallel_for(sycl::nd_range<1>(1, 1), [=](sycl::nd_item<1>) {
      local = 3;
      a[0] = local;
      elsewhere[0] = 0;
    });
  });
  sycl::accessor placeholder(b, sycl::read_write_host_task);
  static_assert(std::is_same_v<decltype(placeholder), sycl::accessor<int, 1, sycl::access_mode::read_write, sycl::target::host_task>>);
  sycl::host_accessor h(b);
  const auto h_copy = h;
  check::equal("accessor reference semantics", 0, same, 1);
  check::equal("host accessor reference semantics", 0, h == h_copy && std::hash<decltype(h)>()(h) == std::hash<decltype(h)>()(h_copy) && h[0] == 3, true);
  // SYCL 1.2.1's get_count and get_size, deprecated, on device and host accessors.
  check::equal("host_accessor get_count/get_size", 0, h.get_count() * 100 + h.get_size(), size_t(832));
  check::equal("accessor get_count/get_size", 0, placeholder.get_count() * 100 + placeholder.get_size(), size_t(832));
}

// buffer::get_host_access with a handler (DPC++'s form) in a command group: host accessors of
// the mode of each tag, for the host task, ordered after the kernel before them and before the
// host accessors after them (one ranged, whose mode deduces as read_write).
static void host_accessors_of_command_groups(sycl::queue &q) {
  sycl::buffer<int, 1> in{sycl::range<1>(4)}, out{sycl::range<1>(4)};
  q.submit([&](sycl::handler &h) {
    sycl::accessor a(in, h, sycl::write_only);
    h.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { a[i] = int(i[0]) + 1; });
  });
  q.submit([&](sycl::handler &h) {
    auto source = in.get_host_access(h, sycl::read_only);
    auto destination = out.get_host_access(h, sycl::write_only);
    auto both = in.get_host_access(h, sycl::read_write);
    static_assert(std::is_same_v<decltype(source), sycl::host_accessor<int, 1, sycl::access_mode::read>> &&
                  std::is_same_v<decltype(destination), sycl::host_accessor<int, 1, sycl::access_mode::write>> &&
                  std::is_same_v<decltype(both), sycl::host_accessor<int, 1, sycl::access_mode::read_write>>);
    h.host_task([=] {
      for (int i = 0; i < 4; ++i) destination[i] = source[i] * 10;
      both[0] += 100;
    });
  });
  sycl::host_accessor result(out, sycl::read_only);
  sycl::host_accessor updated(in, sycl::range<1>(2));
  static_assert(std::is_same_v<decltype(updated), sycl::host_accessor<int, 1, sycl::access_mode::read_write>>);
  check::equal("get_host_access(handler, tag)", 0, result[0] + result[3] + updated[0], 10 + 40 + 101);
}

// handler::copy with void pointers (elements of the accessor's type), shared_ptr of arrays and
// 0-dimensional accessors, and fill of a 0-dimensional accessor.
void explicit_copies(sycl::queue &q) {
  int values[4] = {5, 6, 7, 8}, back[4] = {}, single = 0;
  std::shared_ptr<int[]> owned(new int[4]{1, 2, 3, 4});
  sycl::buffer<int> buf{sycl::range<1>(4)}, owned_buf{sycl::range<1>(4)}, one{sycl::range<1>(1)};
  q.submit([&](sycl::handler &h) { h.copy(static_cast<const void *>(values), sycl::accessor(buf, h, sycl::write_only)); });
  q.submit([&](sycl::handler &h) { h.copy(sycl::accessor(buf, h, sycl::read_only), static_cast<void *>(back)); });
  q.submit([&](sycl::handler &h) { h.copy(owned, sycl::accessor(owned_buf, h, sycl::write_only)); });
  q.submit([&](sycl::handler &h) { h.fill(sycl::accessor<int, 0>(one, h), 41); });
  q.submit([&](sycl::handler &h) { h.copy(sycl::accessor<int, 0, sycl::access_mode::read>(one, h), &single); });
  q.wait();
  check::equal("copy from const void *, back to void *", 3, back[3], 8);
  check::equal("copy from shared_ptr<int[]>", 2, sycl::host_accessor(owned_buf)[2], 3);
  check::equal("0-dimensional fill and copy", 0, single, 41);
}

// The implicit conversions between accessors of one element type (SYCL 2020 4.7.6.9.2, 4.7.6.10,
// 4.7.6.11): read accessors of T and const T into each other, read_write into read of const T,
// for device, host and local accessors; the converted accessor sees the same elements.
template <typename From, typename To> constexpr bool converts = std::is_convertible_v<From, To>;
static_assert(converts<sycl::accessor<int, 2, sycl::access_mode::read>, sycl::accessor<const int, 2, sycl::access_mode::read>> &&
              converts<sycl::accessor<const int, 1, sycl::access_mode::read>, sycl::accessor<int, 1, sycl::access_mode::read>> &&
              converts<sycl::accessor<int, 0, sycl::access_mode::read_write, sycl::target::host_task>,
                       sycl::accessor<const int, 0, sycl::access_mode::read, sycl::target::host_task>> &&
              !converts<sycl::accessor<const int, 1, sycl::access_mode::read>, sycl::accessor<int, 1>> &&
              !converts<sycl::accessor<int, 1, sycl::access_mode::read>, sycl::accessor<long, 1, sycl::access_mode::read>>);
static_assert(converts<sycl::host_accessor<int, 3, sycl::access_mode::read_write>,
                       sycl::host_accessor<const int, 3, sycl::access_mode::read>> &&
              !converts<sycl::host_accessor<const int, 1, sycl::access_mode::read>, sycl::host_accessor<int, 1>>);
static_assert(converts<sycl::local_accessor<int, 2>, sycl::local_accessor<const int, 2>> &&
              !converts<sycl::local_accessor<const int, 2>, sycl::local_accessor<int, 2>>);

void accessor_conversions(sycl::queue &q) {
  sycl::buffer<int, 1> values{sycl::range<1>(16)}, sums{sycl::range<1>(1)};
  {
    sycl::host_accessor<int, 1, sycl::access_mode::read_write> fill(values);
    for (int i = 0; i < 16; ++i) fill[i] = i;
    sycl::host_accessor<const int, 1, sycl::access_mode::read> view = fill;
    check::equal("converted host_accessor", 0, view[5], 5);
  }
  q.submit([&](sycl::handler &h) {
    sycl::accessor<int, 1, sycl::access_mode::read_write> both(values, h);
    sycl::accessor<const int, 1, sycl::access_mode::read> in = both;
    sycl::accessor out(sums, h, sycl::write_only);
    sycl::local_accessor<int, 1> scratch(sycl::range<1>(16), h);
    h.parallel_for(sycl::nd_range<1>(16, 16), [=](sycl::nd_item<1> it) {
      const size_t i = it.get_local_id(0);
      scratch[i] = in[i] * 2;
      sycl::group_barrier(it.get_group());
      const sycl::local_accessor<const int, 1> read_scratch = scratch;
      if (i == 0) {
        int total = 0;
        for (int j = 0; j < 16; ++j) total += read_scratch[j];
        out[0] = total;
      }
    });
  });
  check::equal("converted device and local accessors", 0, sycl::host_accessor(sums)[0], 240);
}

// handler::update_host writes a live buffer's data to its host memory (a pointer, or the data a
// shared_ptr holds), as the buffer's destruction would (the SYCL-CTS's handler copy tests).
void update_host_while_alive(sycl::queue &q) {
  int host[8];
  std::fill(host, host + 8, 12345);
  std::shared_ptr<int> shared(new int[8], std::default_delete<int[]>());
  std::fill(shared.get(), shared.get() + 8, 12345);
  sycl::buffer<int> from_pointer(host, sycl::range<1>(8)), from_shared(shared, sycl::range<1>(8));
  for (sycl::buffer<int> *buf : {&from_pointer, &from_shared}) {
    q.submit([&](sycl::handler &h) {
      sycl::accessor out(*buf, h, sycl::write_only);
      h.parallel_for(sycl::range<1>(8), [=](sycl::id<1> i) { out[i] = int(i[0]) * 3; });
    });
    q.submit([&](sycl::handler &h) { h.update_host(sycl::accessor<int, 1, sycl::access_mode::read>(*buf, h)); });
  }
  q.wait();
  for (int i = 0; i < 8; ++i) {
    check::equal("update_host to a pointer", i, host[i], 3 * i);
    check::equal("update_host to a shared_ptr", i, shared.get()[i], 3 * i);
  }
}

// A buffer reads and writes its host memory only once something uses it (as DPC++'s do): one
// made over less memory than its range and never used touches none of it (AddressSanitizer
// would report the over-read and the write-back in the sanitizers suite); read-only host data is
// copied when the buffer is made.
void host_memory_used_only_when_the_buffer_is(sycl::queue &q) {
  int small[4] = {7, 7, 7, 7};
  {
    sycl::buffer<int, 3> unused(small, sycl::range<3>(16, 16, 16));
    auto bytes = unused.reinterpret<char, 1>();
    check::equal("unused buffer's size", 0, bytes.size(), std::size_t(16 * 16 * 16 * sizeof(int)));
  }
  check::equal("unused buffer", 0, small[3], 7);
  int source[2] = {5, 6};
  sycl::buffer<int> from_const(static_cast<const int *>(source), sycl::range<1>(2));
  source[0] = 100;
  sycl::host_accessor copied(from_const, sycl::read_only);
  check::equal("read-only host data copied at once", 0, copied[0], 5);
  int used[2] = {1, 2};
  {
    sycl::buffer<int> buffer(used, sycl::range<1>(2));
    q.submit([&](sycl::handler &h) {
      sycl::accessor data(buffer, h);
      h.single_task([=] { data[1] += data[0] * 10; });
    });
  }
  check::equal("used buffer", 0, used[1], 12);
}

// A buffer over non-const host memory lends it (as DPC++'s do on a CPU): the host data is
// current once the commands are done, while the buffer lives. What the program asked for at
// destruction still holds: without write-back, or with another final destination, the host
// memory gets its original bytes back; a final destination that is the lent memory keeps the data.
void lent_host_memory(sycl::queue &q) {
  int live[4] = {1, 2, 3, 4}, other[4] = {0, 0, 0, 0}, in_place[4] = {1, 1, 1, 1};
  auto add_ten = [&](sycl::buffer<int> &buffer) {
    q.submit([&](sycl::handler &h) {
      sycl::accessor data(buffer, h);
      h.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { data[i] += 10; });
    });
    q.wait();
  };
  {
    sycl::buffer<int> buffer(live, sycl::range<1>(4));
    add_ten(buffer);
    check::equal("host data while the buffer lives", 0, live[0] * 1000 + live[3], 11014);
  }
  check::equal("written back in place", 0, live[1], 12);
  {
    sycl::buffer<int> buffer(live, sycl::range<1>(4));
    add_ten(buffer);
    buffer.set_final_data(other);
  }
  check::equal("another final destination", 0, other[2], 23);
  check::equal("the lent memory restored", 0, live[2], 13);
  {
    sycl::buffer<int> buffer(in_place, sycl::range<1>(4));
    buffer.set_final_data(other);
    buffer.set_final_data(in_place);
    add_ten(buffer);
  }
  check::equal("the lent memory as the final destination", 0, in_place[0] * 100 + other[0], 11 * 100 + 21);
  std::shared_ptr<int[]> shared(new int[4]{5, 5, 5, 5});
  {
    sycl::buffer<int> buffer(shared, sycl::range<1>(4));
    add_ten(buffer);
    check::equal("shared_ptr data while the buffer lives", 0, shared[1], 15);
    buffer.set_write_back(false);
  }
  check::equal("shared_ptr data restored without write-back", 0, shared[1], 5);
  {
    sycl::buffer<int> buffer(shared, sycl::range<1>(4));
    buffer.set_final_data(std::weak_ptr<int[]>(shared));
    add_ten(buffer);
  }
  check::equal("a weak_ptr to the lent memory as the final destination", 0, shared[2], 15);
  std::vector<int> vector(4, 7);
  {
    sycl::buffer<int> buffer(vector.data(), sycl::range<1>(4));
    buffer.set_final_data(vector.begin());
    add_ten(buffer);
  }
  check::equal("an iterator into the lent memory as the final destination", 0, vector[3], 17);
  // Two buffers over one vector (oneDPL's in-place algorithms over host iterators): one only read,
  // without write-back, the other written to it as its final data. The one that only read has
  // nothing to undo, whichever is destroyed last.
  for (const bool reader_last : {false, true}) {
    std::vector<unsigned> in_place_vector(4, 5);
    auto reader = std::make_unique<sycl::buffer<unsigned>>(in_place_vector.data(), sycl::range<1>(4));
    reader->set_write_back(false);
    auto writer = std::make_unique<sycl::buffer<unsigned>>(sycl::range<1>(4));
    writer->set_final_data(in_place_vector.data());
    q.submit([&](sycl::handler &h) {
      sycl::accessor from(*reader, h, sycl::read_only);
      sycl::accessor to(*writer, h, sycl::write_only, sycl::no_init);
      h.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { to[i] = from[i] + 1; });
    });
    if (reader_last) writer.reset();
    reader.reset();
    writer.reset();
    check::equal(reader_last ? "a reading buffer destroyed last keeps the data"
                             : "a reading buffer destroyed first keeps the data",
                 0, in_place_vector[3], 6u);
  }
}

int main() {
  sycl::queue q;
  lent_host_memory(q);
  host_memory_used_only_when_the_buffer_is(q);
  explicit_copies(q);
  update_host_while_alive(q);
  accessor_conversions(q);
  zero_dimensional_and_host_task_accessors(q);
  accessor_reference_semantics(q);
  host_accessors_of_command_groups(q);
  std::vector<int> v(100);
  for (int i = 0; i < 100; ++i) v[i] = i;
  {
    sycl::buffer<int> buf(v.data(), sycl::range<1>(100));
    q.submit([&](sycl::handler &h) {
      sycl::accessor acc(buf, h, sycl::range<1>(50), sycl::id<1>(25), sycl::read_write);
      h.parallel_for(sycl::range<1>(50), [=](sycl::id<1> i) { acc[i] = acc[i] * 2 + 1; });
    });
    sycl::host_accessor host(buf, sycl::read_only);
    check::equal("host accessor", 30, host[30], 61);
  }
  for (int i = 0; i < 100; ++i) check::equal("ranged write-back", i, v[i], (i >= 25 && i < 75) ? i * 2 + 1 : i);

  const size_t rows = 6, cols = 9;
  std::vector<float> grid(rows * cols, -1.0f);
  {
    sycl::buffer<float, 2> buf(grid.data(), sycl::range<2>(rows, cols));
    q.submit([&](sycl::handler &h) {
      sycl::accessor out(buf, h, sycl::write_only, sycl::no_init);
      h.parallel_for(sycl::range<2>(rows, cols), [=](sycl::item<2> it) { out[it[0]][it[1]] = float(it[0] * 100 + it[1]); });
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor inner(buf, h, sycl::range<2>(2, 3), sycl::id<2>(2, 4), sycl::read_write);
      h.parallel_for(sycl::range<2>(2, 3), [=](sycl::id<2> i) { inner[i] = -inner[i]; });
    });
  }
  for (size_t r = 0; r < rows; ++r)
    for (size_t c = 0; c < cols; ++c) {
      bool inside = r >= 2 && r < 4 && c >= 4 && c < 7;
      float expected = float(r * 100 + c) * (inside ? -1.0f : 1.0f);
      check::equal("2-D grid", long(r * cols + c), grid[r * cols + c], expected);
    }

  std::vector<double> container(33, 1.5);
  {
    sycl::buffer buf(container);
    q.submit([&](sycl::handler &h) {
      sycl::accessor acc(buf, h);
      h.parallel_for(sycl::range<1>(33), [=](sycl::id<1> i) { acc[i] += double(i[0]); });
    });
  }
  for (size_t i = 0; i < 33; ++i) check::equal("container write-back", i, container[i], 1.5 + double(i));

  const std::vector<int> constant(8, 4);
  std::vector<int> sums(8, 0);
  {
    sycl::buffer<int> in(constant.data(), sycl::range<1>(8));
    sycl::buffer<int> out(sums.data(), sycl::range<1>(8));
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(in, h, sycl::read_only);
      sycl::accessor b(out, h, sycl::write_only);
      h.parallel_for(sycl::range<1>(8), [=](sycl::id<1> i) { b[i] = a[i] + int(i[0]); });
    });
  }
  for (int i = 0; i < 8; ++i) check::equal("const input", i, sums[i], 4 + i);

  std::vector<int> untouched(16, 9);
  {
    sycl::buffer<int> buf(untouched.data(), sycl::range<1>(16));
    buf.set_write_back(false);
    q.submit([&](sycl::handler &h) {
      sycl::accessor acc(buf, h);
      h.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) { acc[i] = 0; });
    });
    sycl::host_accessor host(buf);
    check::equal("buffer contents", 0, host[0], 0);
  }
  for (int i = 0; i < 16; ++i) check::equal("no write-back", i, untouched[i], 9);
  return check::finish();
}
