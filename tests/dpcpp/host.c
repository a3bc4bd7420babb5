/* The host side of tests/tests/dpcpp_ir.rs: launches the kernels of vec_ops.ll and local_ops.ll
 * through the runtime's C ABI with arguments laid out as the Unified Runtime Native CPU adapter
 * does (reference intel-llvm-native-cpu.md §4.6): a pointer parameter gets the pointer itself,
 * a scalar or byval parameter a pointer to its value, and a local accessor (a `ptr addrspace(3)`
 * parameter) a per-thread block of local_argument_sizes[i] bytes. Prints PASS. */
#include <nativecpu/runtime.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* %struct.Range of vec_ops.ll */
struct Range {
  int64_t limit;
  int64_t offset;
};

static int failures;

#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond) && failures++ < 10) {                                                              \
      printf("FAIL: ");                                                                            \
      printf(__VA_ARGS__);                                                                         \
      printf("\n");                                                                                \
    }                                                                                              \
  } while (0)

static void launch(const char *name, const struct __nativecpu_launch_info *info) {
  int rc = __nativecpu_launch(name, info);
  if (rc != NATIVECPU_SUCCESS) {
    printf("FAIL: launching %s: %d: %s\n", name, rc, __nativecpu_last_error());
    exit(1);
  }
}

static void *alloc(size_t bytes) {
  void *p = malloc(bytes);
  if (!p) {
    printf("FAIL: out of memory\n");
    exit(1);
  }
  return p;
}

/* A one-dimensional launch of `global` work-items: a range launch when `local` is 0, an nd_range
 * one with work-groups of `local` otherwise. */
static struct __nativecpu_launch_info one_dimensional(size_t global, size_t local, void **args,
                                                      size_t num_args) {
  struct __nativecpu_launch_info info = {0};
  info.dims = 1;
  info.global_size[0] = global;
  info.global_size[1] = info.global_size[2] = 1;
  if (local) {
    info.local_size[0] = local;
    info.local_size[1] = info.local_size[2] = 1;
  }
  info.args = args;
  info.num_args = num_args;
  return info;
}

static void vec_add_2023(void) {
  enum { N = 10007 };
  int32_t *out = alloc(N * 4), *a = alloc(N * 4), *b = alloc(N * 4);
  int32_t k = 17;
  for (int i = 0; i < N; ++i) {
    a[i] = i * 3 - 1000;
    b[i] = 5 * (i % 101);
    out[i] = -1;
  }
  void *args[4] = {out, a, b, &k};
  struct __nativecpu_launch_info info = one_dimensional(N, 0, args, 4);
  launch("_ZTS9VecAdd2023", &info);
  for (int i = 0; i < N; ++i)
    CHECK(out[i] == a[i] + b[i] + k, "VecAdd2023: out[%d] = %d, expected %d", i, out[i],
          a[i] + b[i] + k);
  free(out);
  free(a);
  free(b);
}

static void scale_2024(void) {
  enum { N = 5003 };
  int32_t *data = alloc(N * 4), *expected = alloc(N * 4);
  int32_t f = 3;
  struct Range range = {N - 123, 5};
  for (int i = 0; i < N; ++i) {
    data[i] = i * 7 - 50;
    expected[i] = i < range.limit ? data[i] * f + (int32_t)range.offset : data[i];
  }
  /* The kernel's parameters after dead-argument elimination: data, f, range. */
  void *args[3] = {data, &f, &range};
  struct __nativecpu_launch_info info = one_dimensional(N, 0, args, 3);
  launch("_ZTS10Scale2024", &info);
  for (int i = 0; i < N; ++i)
    CHECK(data[i] == expected[i], "Scale2024: data[%d] = %d, expected %d", i, data[i],
          expected[i]);
  free(data);
  free(expected);
}

static void index_2d_2025(void) {
  enum { W = 37, H = 23 };
  int32_t *out = alloc(W * H * 4);
  int32_t bias = -7;
  for (int i = 0; i < W * H; ++i)
    out[i] = -1;
  void *args[2] = {out, &bias};
  struct __nativecpu_launch_info info = {0};
  info.dims = 2;
  info.global_size[0] = W; /* x, the SPIR-V dimension 0 */
  info.global_size[1] = H;
  info.global_size[2] = 1;
  info.args = args;
  info.num_args = 2;
  launch("_ZTS11Index2D2025", &info);
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x)
      CHECK(out[y * W + x] == x + 1000 * y + bias, "Index2D2025: out[%d][%d] = %d", y, x,
            out[y * W + x]);
  free(out);
}

static void local_rev_2025(size_t local, size_t groups, int32_t rounds) {
  size_t n = local * groups;
  uint32_t *data = alloc(n * 4), *expected = alloc(n * 4), *v = alloc(local * 4),
           *next = alloc(local * 4);
  for (size_t i = 0; i < n; ++i)
    data[i] = (uint32_t)(i * 2654435761u);
  for (size_t g = 0; g < groups; ++g) {
    for (size_t l = 0; l < local; ++l)
      v[l] = data[g * local + l];
    for (int32_t r = 0; r < rounds; ++r) {
      for (size_t l = 0; l < local; ++l)
        next[l] = v[local - 1 - l] * 3u + (uint32_t)l;
      for (size_t l = 0; l < local; ++l)
        v[l] = next[l];
    }
    for (size_t l = 0; l < local; ++l)
      expected[g * local + l] = v[l];
  }
  /* args[1] is the local accessor: the runtime replaces it with each thread's block. */
  void *args[3] = {data, NULL, &rounds};
  size_t local_sizes[3] = {0, local * sizeof(uint32_t), 0};
  struct __nativecpu_launch_info info = one_dimensional(n, local, args, 3);
  info.local_argument_sizes = local_sizes;
  launch("_ZTS12LocalRev2025", &info);
  for (size_t i = 0; i < n; ++i)
    CHECK(data[i] == expected[i], "LocalRev2025 (local %zu, %d rounds): data[%zu] = %u, expected %u",
          local, rounds, i, data[i], expected[i]);
  free(data);
  free(expected);
  free(v);
  free(next);
}

/* The kernel_handler's buffer, built by the runtime from the image's specialization-constant
 * properties: first with the defaults (factor 2, bias -3), then with factor set to 0.5. */
static void spec_axpy_2025(int set_factor) {
  enum { N = 3001 };
  float *out = alloc(N * 4), *x = alloc(N * 4);
  for (int i = 0; i < N; ++i)
    x[i] = (float)(i - 1000);
  size_t size = 0;
  if (__nativecpu_spec_constants_size("_ZTS13SpecAxpy2025", &size) != NATIVECPU_SUCCESS) {
    printf("FAIL: %s\n", __nativecpu_last_error());
    exit(1);
  }
  CHECK(size == 8, "SpecAxpy2025: buffer of %zu bytes, expected 8", size);
  double storage[4];
  const char *ids[] = {"uid0a1b2c3d4e5f____factor_id"};
  float factor = set_factor ? 0.5f : 2.0f;
  const void *values[] = {&factor};
  size_t sizes[] = {sizeof factor};
  if (__nativecpu_spec_constants_fill("_ZTS13SpecAxpy2025", set_factor ? 1 : 0, ids, values, sizes,
                                      storage, sizeof storage) != NATIVECPU_SUCCESS) {
    printf("FAIL: %s\n", __nativecpu_last_error());
    exit(1);
  }
  void *args[3] = {out, x, storage};
  struct __nativecpu_launch_info info = one_dimensional(N, 0, args, 3);
  launch("_ZTS13SpecAxpy2025", &info);
  for (int i = 0; i < N; ++i)
    CHECK(out[i] == factor * x[i] - 3.0f, "SpecAxpy2025: out[%d] = %g, expected %g", i, out[i],
          factor * x[i] - 3.0f);
  free(out);
  free(x);
}

/* Work-item queries in functions called through pointers, as an nd_range of groups of `local`. */
static void indirect_2025(size_t local, size_t groups) {
  size_t n = local * groups;
  int64_t *out = alloc(n * 8);
  void *args[1] = {out};
  struct __nativecpu_launch_info info = one_dimensional(n, local, args, 1);
  launch("_ZTS15Indirect2025", &info);
  for (size_t i = 0; i < n; ++i) {
    int64_t expected = i % 2 ? (int64_t)(3 * (i % local) + 1000 * (i / local)) : (int64_t)(2 * i);
    CHECK(out[i] == expected, "Indirect2025 (local %zu): out[%zu] = %lld, expected %lld", local, i,
          (long long)out[i], (long long)expected);
  }
  free(out);
}

int main(void) {
  const char *kernels[] = {"_ZTS9VecAdd2023", "_ZTS10Scale2024", "_ZTS11Index2D2025",
                           "_ZTS12LocalRev2025", "_ZTS13SpecAxpy2025", "_ZTS15Indirect2025"};
  for (int i = 0; i < 6; ++i)
    CHECK(__nativecpu_find_kernel(kernels[i]) != NULL, "%s is not registered", kernels[i]);
  vec_add_2023();
  scale_2024();
  index_2d_2025();
  local_rev_2025(64, 50, 5);
  local_rev_2025(8, 300, 3);
  local_rev_2025(256, 7, 4);
  local_rev_2025(16, 10, 0);
  spec_axpy_2025(0);
  spec_axpy_2025(1);
  indirect_2025(4, 1001);
  indirect_2025(64, 33);
  if (failures) {
    printf("%d failures\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
