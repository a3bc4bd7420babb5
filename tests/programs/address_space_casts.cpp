// The dynamic address space casts (sycl_khr_dynamic_addrspace_cast, sycl_ext_oneapi_address_cast):
// a cast to the space the object is in gives the same address, a cast to any other space a null
// pointer. Checked for every kind of memory a work-item reaches: USM and buffer memory, a device
// global (global); a local accessor, group_local_memory, work_group_static and the work-group
// scratch memory (local); a private variable, a private array, and a private variable whose
// address is live across a barrier (private). In range kernels (vectorized) and nd_range kernels
// with barriers; through raw pointers and generic multi_ptrs; on the host, whose stack is
// private and heap global; null casts to null. static_address_cast keeps the address.
#include <sycl/sycl.hpp>
#include "check.hpp"

#include <vector>

namespace syclex = sycl::ext::oneapi::experimental;
using space = sycl::access::address_space;

static_assert(SYCL_KHR_DYNAMIC_ADDRSPACE_CAST == 1);
static_assert(SYCL_EXT_ONEAPI_ADDRESS_CAST == 1);

// Where an object is: the index of the one cast of the three that must keep the address.
enum where : int { in_global = 0, in_local = 1, in_private = 2 };

syclex::device_global<int[4]> table;

// Bit k of the result: the cast to the k-th space (global, local, private) kept the address;
// bit 3: a cast that did not keep it gave null, as it must.
template <typename T> int classify(T *pointer) {
  auto global = sycl::khr::dynamic_addrspace_cast<space::global_space>(pointer).get_raw();
  auto local = syclex::dynamic_address_cast<syclex::local_space>(pointer).get_raw();
  sycl::generic_ptr<T> generic{pointer};
  auto private_ = sycl::khr::dynamic_addrspace_cast<space::private_space>(generic).get_raw();
  int kept = (global == pointer) | (local == pointer) << 1 | (private_ == pointer) << 2;
  bool others_null = (global == pointer || global == nullptr) && (local == pointer || local == nullptr) &&
                     (private_ == pointer || private_ == nullptr);
  return kept | int(others_null) << 3;
}

int expected(where w) { return (1 << w) | 8; }

// A helper kept out of line at -O0, so the pointer crosses a call.
int classify_here(int *pointer) { return classify(pointer); }

void range_kernel(sycl::queue &q) {
  constexpr size_t n = 100;
  std::vector<int> host(n * 4);
  int *usm = sycl::malloc_device<int>(n, q);
  int *results = sycl::malloc_shared<int>(n * 4, q);
  sycl::buffer<int> buffer{n};
  q.submit([&](sycl::handler &h) {
     sycl::accessor acc{buffer, h, sycl::write_only};
     h.parallel_for(sycl::range<1>{n}, [=](sycl::id<1> i) {
       int priv[3] = {int(i[0]), 0, 0};
       results[i * 4 + 0] = classify_here(usm + i);
       results[i * 4 + 1] = classify(&acc[i]);
       results[i * 4 + 2] = classify(&priv[i % 3]) | (priv[0] == int(i[0]) ? 0 : 16);
       results[i * 4 + 3] = classify(&table[i % 4]);
     });
   }).wait();
  for (size_t i = 0; i < n; ++i) {
    check::equal("range: USM", i, results[i * 4 + 0], expected(in_global));
    check::equal("range: buffer", i, results[i * 4 + 1], expected(in_global));
    check::equal("range: private array", i, results[i * 4 + 2], expected(in_private));
    check::equal("range: device_global", i, results[i * 4 + 3], expected(in_global));
  }
  sycl::free(usm, q);
  sycl::free(results, q);
}

void nd_range_kernel(sycl::queue &q) {
  constexpr size_t n = 64, local = 16, kinds = 6;
  int *results = sycl::malloc_shared<int>(n * kinds, q);
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> tile{local, h};
     h.parallel_for(sycl::nd_range<1>{n, local},
                    syclex::properties{syclex::work_group_scratch_size{local * sizeof(int)}},
                    [=](sycl::nd_item<1> it) {
                      const size_t l = it.get_local_id(0), g = it.get_global_id(0);
                      int *r = results + g * kinds;
                      int &shared = *sycl::ext::oneapi::group_local_memory_for_overwrite<int>(it.get_group());
                      static syclex::work_group_static<int[local]> statics;
                      int *scratch = static_cast<int *>(syclex::get_work_group_scratch_memory());
                      int mine = int(g);
                      int *live = &mine; // live across the barrier below
                      tile[l] = mine;
                      sycl::group_barrier(it.get_group());
                      r[0] = classify(&tile[(l + 1) % local]);
                      r[1] = classify(&shared);
                      r[2] = classify(&statics[l]);
                      r[3] = classify(scratch + l);
                      r[4] = classify(live) | (*live == int(g) ? 0 : 16);
                      r[5] = classify(results + g);
                    });
   }).wait();
  const char *names[kinds] = {"local accessor", "group_local_memory", "work_group_static",
                              "scratch memory", "private across a barrier", "USM"};
  const where places[kinds] = {in_local, in_local, in_local, in_local, in_private, in_global};
  for (size_t g = 0; g < n; ++g)
    for (size_t k = 0; k < kinds; ++k)
      check::equal(names[k], g, results[g * kinds + k], expected(places[k]));
  sycl::free(results, q);
}

void host_and_null() {
  int on_stack = 0;
  std::vector<int> on_heap(4);
  check::equal("host stack", 0, classify(&on_stack), expected(in_private));
  check::equal("host heap", 0, classify(on_heap.data()), expected(in_global));
  int *null = nullptr;
  check::equal("null", 0, classify(null), 15); // every cast gives null, the pointer itself
  sycl::multi_ptr<int, space::generic_space, sycl::access::decorated::yes> generic{on_heap.data()};
  check::equal("static_address_cast", 0,
               syclex::static_address_cast<syclex::local_space>(generic).get_raw() == on_heap.data(), true);
  check::equal("static_address_cast, raw", 0,
               syclex::static_address_cast<syclex::private_space>(on_heap.data()).get_raw() == on_heap.data(), true);
}

int main() {
  sycl::queue q;
  range_kernel(q);
  nd_range_kernel(q);
  host_and_null();
  return check::finish();
}
