// The Mandelbrot set on a 1201x803 grid, up to 1000 iterations per pixel.
//
// A 2-D range kernel runs the escape loop per pixel (divergent: neighbouring pixels stop after
// very different iteration counts) and writes the counts through a write_only, no_init accessor.
// The host computes the same image with the same function and the two must agree exactly.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <vector>

namespace {

constexpr std::size_t width = 1201;
constexpr std::size_t height = 803;
constexpr int max_iterations = 1000;
constexpr float x_min = -2.2f, x_max = 1.0f;
constexpr float y_min = -1.2f, y_max = 1.2f;

// Shared by the kernel and the host reference. Every multiplication is its own statement so that
// no compiler may fuse it with an addition into an FMA (C++ only contracts within an expression):
// the device code targets the build machine's CPU, which may have FMA, and the host code may not,
// and a fused operation rounds differently.
int escape_iterations(std::size_t px, std::size_t py) {
  const float dx = (x_max - x_min) / static_cast<float>(width - 1);
  const float dy = (y_max - y_min) / static_cast<float>(height - 1);
  const float offset_x = static_cast<float>(px) * dx;
  const float offset_y = static_cast<float>(py) * dy;
  const float cx = x_min + offset_x;
  const float cy = y_min + offset_y;
  float x = 0.0f, y = 0.0f;
  int iteration = 0;
  while (iteration < max_iterations) {
    const float xx = x * x;
    const float yy = y * y;
    const float magnitude = xx + yy;
    if (magnitude > 4.0f) break;
    const float xy = x * y;
    const float real = xx - yy;
    x = real + cx;
    y = xy + xy + cy;
    ++iteration;
  }
  return iteration;
}

} // namespace

int main() {
  constexpr int runs = 3;
  std::vector<int> image(width * height, -1);
  double best_ms = 0.0;
  try {
    sycl::queue q;
    sycl::buffer<int, 2> counts(image.data(), sycl::range<2>{height, width});
    for (int run = 0; run < runs; ++run) {
      auto start = std::chrono::steady_clock::now();
      q.submit([&](sycl::handler &h) {
        sycl::accessor out{counts, h, sycl::write_only, sycl::no_init};
        h.parallel_for(sycl::range<2>{height, width},
                       [=](sycl::item<2> item) { out[item] = escape_iterations(item[1], item[0]); });
      });
      q.wait();
      auto stop = std::chrono::steady_clock::now();
      double ms = std::chrono::duration<double, std::milli>(stop - start).count();
      best_ms = run == 0 ? ms : std::min(best_ms, ms);
    }
    // The buffer writes the image back to `image` when it is destroyed, here.
  } catch (const sycl::exception &e) {
    std::fprintf(stderr, "SYCL exception: %s\n", e.what());
    std::puts("FAIL");
    return 1;
  }

  std::uint64_t checksum = 0, total_iterations = 0;
  std::size_t mismatches = 0;
  for (std::size_t py = 0; py < height; ++py) {
    for (std::size_t px = 0; px < width; ++px) {
      const int got = image[py * width + px];
      const int expected = escape_iterations(px, py);
      if (got != expected) {
        if (mismatches < 5) std::printf("mismatch at pixel (%zu, %zu): got %d, expected %d\n", px, py, got, expected);
        ++mismatches;
      }
      total_iterations += static_cast<std::uint64_t>(got);
      checksum = checksum * 1000003u + static_cast<std::uint64_t>(got);
    }
  }
  std::printf("mandelbrot: %zu x %zu pixels, up to %d iterations\n", width, height, max_iterations);
  std::printf("kernel: %.3f ms (best of %d, %llu iterations)\n", best_ms, runs,
              static_cast<unsigned long long>(total_iterations));
  std::printf("checksum: %016llx\n", static_cast<unsigned long long>(checksum));
  if (mismatches != 0) {
    std::printf("%zu of %zu pixels differ\nFAIL\n", mismatches, width * height);
    return 1;
  }
  std::puts("PASS");
  return 0;
}
