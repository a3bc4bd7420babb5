// Work-group sum reduction of 2^24 + 4099 floats, two ways, on an nd_range<1> of 256-item groups.
//
// Pass 1 launches 1024 work-groups of 256 work-items. Each work-item adds up a contiguous chunk
// of n / G or n / G + 1 elements (G = 1024 * 256 work-items, so n need not be a multiple of
// anything), the group combines its 256 sums, and its leader writes the group's partial sum.
// Pass 2 is the same kernel on the 1024 partial sums with a single work-group, which leaves the
// total in one element.
//
// Contiguous chunks suit the CPU: a thread runs a group's work-items one after another, so each
// work-item streams through consecutive addresses. The GPU-style split (work-item i adding the
// elements i, i + G, i + 2G, ..., so that neighbouring work-items read neighbouring elements)
// jumps G * 4 bytes = 1 MiB per element here and ran about 5 times slower.
//
// The two versions differ only in how a group combines its work-items' sums:
// * sycl::reduce_over_group(group, x, sycl::plus<float>()), the SYCL 2020 group algorithm;
// * an explicit tree in a local accessor: 256 values, then the lower half adds the upper half,
//   with a group barrier after every halving, 8 steps down to one value.
// Each version's time covers both passes; its GB/s counts the n floats read.
//
// Both totals are compared with a Kahan-compensated double sum on the host, and pass 1's partial
// sums with double sums of each group's elements, with tolerances from the float error bound of
// the additions each element goes through.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cfloat>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <vector>

namespace {

constexpr std::size_t n = (std::size_t{1} << 24) + 4099;
constexpr std::size_t local_size = 256;
constexpr std::size_t groups = 1024; // pass 1; pass 2 has one group for the `groups` partial sums
constexpr int runs = 3;

// A small linear congruential generator: values in [-1, 1), the same on every platform.
struct Lcg {
  std::uint32_t state;
  float next() {
    state = state * 1664525u + 1013904223u;
    return static_cast<float>(state >> 8) / 8388608.0f - 1.0f;
  }
};

// The best wall-clock time of `runs` calls of f, in milliseconds.
template <typename F> double best_ms_of(F f) {
  double best = 0.0;
  for (int run = 0; run < runs; ++run) {
    auto start = std::chrono::steady_clock::now();
    f();
    auto stop = std::chrono::steady_clock::now();
    double ms = std::chrono::duration<double, std::milli>(stop - start).count();
    best = run == 0 ? ms : std::min(best, ms);
  }
  return best;
}

// Work-item w's chunk of `count` elements split among `work_items`: [begin, end). The chunks are
// consecutive and differ in length by at most one (the first count % work_items have one more).
struct Chunk {
  std::size_t begin, end;
};
Chunk chunk_of(std::size_t w, std::size_t count, std::size_t work_items) {
  const std::size_t quotient = count / work_items, remainder = count % work_items;
  const std::size_t begin = w * quotient + std::min(w, remainder);
  return {begin, begin + quotient + (w < remainder ? 1 : 0)};
}

// The sum of the calling work-item's chunk of in[0, count).
float work_item_sum(const sycl::nd_item<1> &it, const float *in, std::size_t count) {
  const Chunk chunk = chunk_of(it.get_global_id(0), count, it.get_global_range(0));
  float sum = 0.0f;
  for (std::size_t i = chunk.begin; i < chunk.end; ++i) sum += in[i];
  return sum;
}

// One pass with reduce_over_group: out[g] = the sum of work-group g's work-items' chunks.
void pass_reduce_over_group(sycl::queue &q, const float *in, std::size_t count, float *out, std::size_t group_count) {
  q.parallel_for<class ReduceOverGroupPass>(
       sycl::nd_range<1>{group_count * local_size, local_size}, [=](sycl::nd_item<1> it) {
         const float sum = work_item_sum(it, in, count);
         const sycl::group<1> group = it.get_group();
         const float group_sum = sycl::reduce_over_group(group, sum, sycl::plus<float>());
         if (group.leader()) out[group.get_group_linear_id()] = group_sum;
       })
      .wait();
}

// The same pass with a tree reduction in local memory.
void pass_local_tree(sycl::queue &q, const float *in, std::size_t count, float *out, std::size_t group_count) {
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<float, 1> scratch(sycl::range<1>{local_size}, h);
     h.parallel_for<class LocalTreePass>(
         sycl::nd_range<1>{group_count * local_size, local_size}, [=](sycl::nd_item<1> it) {
           const float sum = work_item_sum(it, in, count);
           const sycl::group<1> group = it.get_group();
           const std::size_t lid = it.get_local_id(0);
           scratch[lid] = sum;
           sycl::group_barrier(group);
           for (std::size_t half = local_size / 2; half > 0; half /= 2) {
             if (lid < half) scratch[lid] += scratch[lid + half];
             sycl::group_barrier(group);
           }
           if (lid == 0) out[group.get_group_linear_id()] = scratch[0];
         });
   }).wait();
}

// The float sum of a set of values is within k * u * sum|x| of the exact sum, whatever the order
// of the additions, when no value goes through more than k of them (u = FLT_EPSILON / 2). The
// checks allow k * FLT_EPSILON * sum|x|, twice that bound.
//
// A group's partial sum from pass 1: each of its values goes through at most pass1_chunk
// additions in its work-item's loop and at most local_size - 1 in the group's combination (a tree
// needs only log2(local_size), but reduce_over_group's order is not specified).
constexpr std::size_t global_size = groups * local_size;
constexpr std::size_t pass1_chunk = (n + global_size - 1) / global_size; // most elements of a work-item
constexpr std::size_t partial_depth = pass1_chunk + (local_size - 1);
// The total: pass 1, then ceil(groups / local_size) additions in pass 2's loop and local_size - 1
// in its group combination.
constexpr std::size_t total_depth = partial_depth + (groups + local_size - 1) / local_size + (local_size - 1);

double tolerance(std::size_t depth, double sum_of_magnitudes) {
  return static_cast<double>(depth) * FLT_EPSILON * sum_of_magnitudes;
}

// Checks pass 1's partial sums, each against its own group's values (a tolerance far tighter than
// the total's, so that a lost work-item's or element's contribution shows), then the total.
bool check(const char *name, const std::vector<float> &partial, float total, const std::vector<double> &group_sums,
           const std::vector<double> &group_magnitudes, double expected, double sum_of_magnitudes) {
  std::size_t mismatches = 0;
  double worst = 0.0; // largest error / tolerance over the partial sums
  for (std::size_t g = 0; g < groups; ++g) {
    const double error = std::fabs(static_cast<double>(partial[g]) - group_sums[g]);
    const double limit = tolerance(partial_depth, group_magnitudes[g]);
    worst = std::max(worst, error / limit);
    if (!(error <= limit)) {
      if (mismatches < 5)
        std::printf("%s: group %zu partial sum %.9g, expected %.9g (tolerance %.3g)\n", name, g,
                    static_cast<double>(partial[g]), group_sums[g], limit);
      ++mismatches;
    }
  }
  if (mismatches != 0) std::printf("%s: %zu of %zu partial sums differ\n", name, mismatches, groups);
  const double error = std::fabs(static_cast<double>(total) - expected);
  const double limit = tolerance(total_depth, sum_of_magnitudes);
  const bool total_ok = error <= limit;
  std::printf("%s: sum %.9g, error %.3g (tolerance %.3g); partial sums within %.1f%% of their tolerance%s\n", name,
              static_cast<double>(total), error, limit, 100.0 * worst, total_ok && mismatches == 0 ? "" : "  MISMATCH");
  return total_ok && mismatches == 0;
}

} // namespace

int main() {
  std::vector<float> host(n);
  Lcg rng{777u};
  // Values in [-0.75, 1.25): mixed signs, with a total well away from zero.
  for (float &x : host) x = rng.next() + 0.25f;

  // The reference: a Kahan-compensated double sum, and the sum of magnitudes for the tolerance;
  // the same (in double: at most 16k values each) for each group of pass 1.
  double expected = 0.0, compensation = 0.0, sum_of_magnitudes = 0.0;
  std::vector<double> group_sums(groups, 0.0), group_magnitudes(groups, 0.0);
  for (std::size_t w = 0; w < global_size; ++w) {
    const Chunk chunk = chunk_of(w, n, global_size);
    for (std::size_t i = chunk.begin; i < chunk.end; ++i) {
      const double x = host[i];
      const double y = x - compensation;
      const double t = expected + y;
      compensation = (t - expected) - y;
      expected = t;
      sum_of_magnitudes += std::fabs(x);
      group_sums[w / local_size] += x;
      group_magnitudes[w / local_size] += std::fabs(x);
    }
  }

  float result_group = 0.0f, result_tree = 0.0f;
  std::vector<float> partial_group(groups, 0.0f), partial_tree(groups, 0.0f);
  double group_ms = 0.0, tree_ms = 0.0;
  try {
    sycl::queue q;
    float *data = sycl::malloc_device<float>(n, q);
    float *partial = sycl::malloc_device<float>(groups, q);
    float *total = sycl::malloc_device<float>(1, q);
    if (!data || !partial || !total) {
      std::fprintf(stderr, "device allocation failed\n");
      std::puts("FAIL");
      return 1;
    }
    q.memcpy(data, host.data(), n * sizeof(float)).wait();

    group_ms = best_ms_of([&] {
      pass_reduce_over_group(q, data, n, partial, groups);
      pass_reduce_over_group(q, partial, groups, total, 1);
    });
    q.memcpy(&result_group, total, sizeof(float)).wait();
    q.memcpy(partial_group.data(), partial, groups * sizeof(float)).wait();
    q.memset(total, 0, sizeof(float)).wait();
    q.memset(partial, 0, groups * sizeof(float)).wait();

    tree_ms = best_ms_of([&] {
      pass_local_tree(q, data, n, partial, groups);
      pass_local_tree(q, partial, groups, total, 1);
    });
    q.memcpy(&result_tree, total, sizeof(float)).wait();
    q.memcpy(partial_tree.data(), partial, groups * sizeof(float)).wait();

    sycl::free(data, q);
    sycl::free(partial, q);
    sycl::free(total, q);
  } catch (const sycl::exception &e) {
    std::fprintf(stderr, "SYCL exception: %s\n", e.what());
    std::puts("FAIL");
    return 1;
  }

  const double bytes = static_cast<double>(n) * sizeof(float);
  std::printf("work-group-reduction: %zu floats, %zu groups of %zu, then 1 group for the partial sums\n", n, groups,
              local_size);
  std::printf("reduce_over_group: %8.3f ms (best of %d, %.2f GB/s)\n", group_ms, runs, bytes / (group_ms * 1e6));
  std::printf("local-memory tree: %8.3f ms (best of %d, %.2f GB/s)\n", tree_ms, runs, bytes / (tree_ms * 1e6));
  std::printf("host (Kahan, double): sum %.9g\n", expected);

  const bool ok_group = check("reduce_over_group", partial_group, result_group, group_sums, group_magnitudes,
                              expected, sum_of_magnitudes);
  const bool ok_tree =
      check("local-memory tree", partial_tree, result_tree, group_sums, group_magnitudes, expected, sum_of_magnitudes);
  if (!ok_group || !ok_tree) {
    std::puts("FAIL");
    return 1;
  }
  std::puts("PASS");
  return 0;
}
