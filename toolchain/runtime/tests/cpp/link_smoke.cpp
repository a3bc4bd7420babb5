// A C++ program that uses the runtime the way a program built by ncpu++ does: a hand-made
// descriptor (laid out like the offload wrapper's) registered from a priority-1 global
// constructor, launches through the C ABI, unregistration from a priority-1 global destructor.
// Driven by tests/link_cpp.rs, which checks its output.

#include "nativecpu/runtime.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>

// The subhandler of kernel "_ZTS6AddOne": out[i - offset] += *value for every work-item i, with
// the work-item loop compiled code would have. args[0] is a pointer parameter, args[1] points at
// an int parameter.
extern "C" void add_one_subhandler(void *const *args, __nativecpu_state *st) {
  int *out = static_cast<int *>(args[0]);
  const int value = *static_cast<const int *>(args[1]);
  for (size_t lz = 0; lz < st->work_group_size[2]; ++lz)
    for (size_t ly = 0; ly < st->work_group_size[1]; ++ly)
      for (size_t lx = 0; lx < st->work_group_size[0]; ++lx) {
        size_t id[3];
        const size_t local[3] = {lx, ly, lz};
        for (int d = 0; d < 3; ++d)
          id[d] = st->work_group_id[d] * st->work_group_size[d] + local[d];
        size_t linear = id[0] + st->global_range[0] * (id[1] + st->global_range[1] * id[2]);
        out[linear] += value;
      }
}

// Kernel "_ZTS6GetIds": writes global id x + 1000 * global id y, and checks the group's local
// size against the nd_range's.
extern "C" void get_ids_subhandler(void *const *args, __nativecpu_state *st) {
  long *out = static_cast<long *>(args[0]);
  for (size_t ly = 0; ly < st->work_group_size[1]; ++ly)
    for (size_t lx = 0; lx < st->work_group_size[0]; ++lx) {
      size_t gx = st->global_id[0] + lx, gy = st->global_id[1] + ly;
      size_t x = gx - st->global_offset[0], y = gy - st->global_offset[1];
      bool ok = st->work_group_size[0] == 8 && st->work_group_size[1] == 4 &&
                st->num_groups[0] == 8 && st->num_groups[1] == 12;
      out[x + st->global_range[0] * y] = ok ? long(gx + 1000 * gy) : -1;
    }
}

// Kernel "_ZTS8GroupSum": out[group] = sum of in[i] over the group, staged through work-group
// local memory, which the runtime passes after the kernel's own argument (args[2]). Checks that
// the block is 64-byte aligned, and stores -1 if it is not.
extern "C" void group_sum_subhandler(void *const *args, __nativecpu_state *st) {
  const int *in = static_cast<const int *>(args[0]);
  long *out = static_cast<long *>(args[1]);
  int *local = static_cast<int *>(args[2]);
  const size_t n = st->work_group_size[0];
  for (size_t l = 0; l < n; ++l)
    local[l] = in[st->global_id[0] + l];
  long sum = 0;
  for (size_t l = 0; l < n; ++l)
    sum += local[l];
  out[st->work_group_id[0]] = reinterpret_cast<uintptr_t>(local) % 64 == 0 ? sum : -1;
}

static __nativecpu_entry native_entries[] = {
    {"_ZTS6AddOne", reinterpret_cast<const unsigned char *>(&add_one_subhandler)},
    {"_ZTS6GetIds", reinterpret_cast<const unsigned char *>(&get_ids_subhandler)},
    {"_ZTS8GroupSum", reinterpret_cast<const unsigned char *>(&group_sum_subhandler)},
    {"__nativecpu_end", nullptr},
};
// Laid out like a native_cpu image, but for another target: it must be ignored.
static __nativecpu_entry spirv_entries[] = {
    {"_ZTS9SpirvOnly", reinterpret_cast<const unsigned char *>(&add_one_subhandler)},
    {"__nativecpu_end", nullptr},
};

static unsigned char reqd_value[] = {64, 0, 0, 0, 0, 0, 0, 0, 8, 0, 0, 0, 4, 0, 0, 0};
static __ncpu_device_binary_property metadata_props[] = {
    {"_ZTS6GetIds@reqd_work_group_size", reqd_value, 2, sizeof reqd_value},
};
static __ncpu_device_binary_property_set prop_sets[] = {
    {"SYCL/program metadata", metadata_props, metadata_props + 1},
};

static __ncpu_device_binary images[] = {
    {2, 4, 0, "spir64", "", "", nullptr, nullptr,
     reinterpret_cast<const unsigned char *>(spirv_entries),
     reinterpret_cast<const unsigned char *>(spirv_entries + 2), nullptr, nullptr, nullptr,
     nullptr},
    {2, 4, 0, "native_cpu", "", "", nullptr, nullptr,
     reinterpret_cast<const unsigned char *>(native_entries),
     reinterpret_cast<const unsigned char *>(native_entries + 4), nullptr, nullptr, prop_sets,
     prop_sets + 1},
};
static __ncpu_device_binaries descriptor = {1, 2, images, nullptr, nullptr};

static bool found_before_main = false;

__attribute__((constructor(1))) static void register_images() {
  __sycl_register_lib(&descriptor);
  found_before_main = __nativecpu_find_kernel("_ZTS6AddOne") == &add_one_subhandler;
}

__attribute__((destructor(1))) static void unregister_images() {
  __sycl_unregister_lib(&descriptor);
  std::printf("unregistered %s\n", __nativecpu_find_kernel("_ZTS6AddOne") ? "no" : "yes");
  std::fflush(stdout);
}

static bool launch_add(std::vector<int> &out, uint32_t dims, size_t x, size_t y, size_t z,
                       int value) {
  void *args[] = {out.data(), &value};
  __nativecpu_launch_info launch = {dims, {x, y, z}, {0, 0, 0}, {0, 0, 0}, args, 2, 0};
  if (__nativecpu_launch("_ZTS6AddOne", &launch) != 0) {
    std::printf("launch failed: %s\n", __nativecpu_last_error());
    return false;
  }
  return true;
}

static bool all_equal(const std::vector<int> &v, int value) {
  for (int n : v)
    if (n != value)
      return false;
  return true;
}

int main() {
  std::printf("registered before main %s\n", found_before_main ? "yes" : "no");
  std::printf("threads %zu\n", __nativecpu_thread_count());
  std::printf("limits %zu work-items, %zu bytes\n", __nativecpu_max_work_group_size(),
              __nativecpu_local_memory_size());
  std::printf("spir64 kernel %s\n", __nativecpu_find_kernel("_ZTS9SpirvOnly") ? "registered" : "ignored");

  std::vector<int> big(1000003, 0);
  bool ok = launch_add(big, 1, big.size(), 1, 1, 7) && all_equal(big, 7);
  std::vector<int> cube(3 * 5 * 7, 0);
  ok = ok && launch_add(cube, 3, 3, 5, 7, 2) && launch_add(cube, 3, 3, 5, 7, 3) && all_equal(cube, 5);
  std::printf("range %s\n", ok ? "ok" : "WRONG");

  std::vector<long> ids(64 * 48, 0);
  void *id_args[] = {ids.data()};
  __nativecpu_launch_info nd = {2, {64, 48, 1}, {8, 4, 1}, {5, 6, 0}, id_args, 1, 0};
  int rc = __nativecpu_launch("_ZTS6GetIds", &nd);
  bool nd_ok = rc == NATIVECPU_SUCCESS;
  for (size_t y = 0; y < 48 && nd_ok; ++y)
    for (size_t x = 0; x < 64; ++x)
      nd_ok = nd_ok && ids[x + 64 * y] == long((x + 5) + 1000 * (y + 6));
  std::printf("nd_range %s\n", nd_ok ? "ok" : "WRONG");

  // A range launch of a kernel with reqd_work_group_size runs groups of exactly that shape (the
  // kernel stores -1 otherwise).
  std::fill(ids.begin(), ids.end(), 0);
  __nativecpu_launch_info range_reqd = {2, {64, 48, 1}, {0, 0, 0}, {5, 6, 0}, id_args, 1, 0};
  rc = __nativecpu_launch("_ZTS6GetIds", &range_reqd);
  bool range_reqd_ok = rc == NATIVECPU_SUCCESS;
  for (size_t y = 0; y < 48 && range_reqd_ok; ++y)
    for (size_t x = 0; x < 64; ++x)
      range_reqd_ok = range_reqd_ok && ids[x + 64 * y] == long((x + 5) + 1000 * (y + 6));
  std::printf("range with reqd_work_group_size %s\n", range_reqd_ok ? "ok" : "WRONG");

  std::vector<int> values(4096);
  for (size_t i = 0; i < values.size(); ++i)
    values[i] = int(i % 1000);
  std::vector<long> sums(4096 / 64, 0);
  void *sum_args[] = {values.data(), sums.data()};
  __nativecpu_launch_info local = {1, {4096, 1, 1}, {64, 1, 1}, {0, 0, 0}, sum_args, 2,
                                   64 * sizeof(int)};
  rc = __nativecpu_launch("_ZTS8GroupSum", &local);
  bool local_ok = rc == NATIVECPU_SUCCESS;
  for (size_t g = 0; g < sums.size() && local_ok; ++g) {
    long expected = 0;
    for (size_t i = g * 64; i < (g + 1) * 64; ++i)
      expected += values[i];
    local_ok = sums[g] == expected;
  }
  std::printf("local memory %s\n", local_ok ? "ok" : "WRONG");

  __nativecpu_launch_info bad = {2, {64, 48, 1}, {7, 4, 1}, {0, 0, 0}, id_args, 1, 0};
  rc = __nativecpu_launch("_ZTS6GetIds", &bad);
  std::printf("reqd_work_group_size mismatch rc=%d: %s\n", rc, __nativecpu_last_error());
  std::vector<int> scratch(64 * 48);
  void *add_args[] = {scratch.data(), &rc};
  __nativecpu_launch_info indivisible = {2, {64, 48, 1}, {7, 4, 1}, {0, 0, 0}, add_args, 2, 0};
  rc = __nativecpu_launch("_ZTS6AddOne", &indivisible);
  std::printf("invalid nd_range rc=%d: %s\n", rc, __nativecpu_last_error());
  local.local_memory_size = __nativecpu_local_memory_size() + 1;
  rc = __nativecpu_launch("_ZTS8GroupSum", &local);
  std::printf("too much local memory rc=%d: %s\n", rc, __nativecpu_last_error());
  rc = __nativecpu_launch("_ZTS7Missing", &bad);
  std::printf("unknown kernel rc=%d: %s\n", rc, __nativecpu_last_error());

  std::vector<std::thread> threads;
  std::vector<std::vector<int>> buffers(4, std::vector<int>(100003, 0));
  std::vector<char> results(4, 0);
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      bool good = true;
      for (int round = 0; round < 20; ++round)
        good = good && launch_add(buffers[t], 1, buffers[t].size(), 1, 1, t + 1);
      results[t] = good && all_equal(buffers[t], 20 * (t + 1));
    });
  for (auto &thread : threads)
    thread.join();
  bool concurrent_ok = true;
  for (char r : results)
    concurrent_ok = concurrent_ok && r;
  std::printf("concurrent %s\n", concurrent_ok ? "ok" : "WRONG");
  return 0;
}
