// Gravitational n-body simulation: 4096 bodies, 4 steps of all-pairs forces.
//
// A body is two sycl::float4s, position and mass (xyz, w) and velocity. One range kernel per step
// computes each body's acceleration from every body with sycl::rsqrt, softened so that close
// pairs stay finite (a_i = sum_j m_j d_ij / (|d_ij|^2 + eps^2)^(3/2), where the j = i term is 0),
// then advances velocity and position (semi-implicit Euler) into a second pair of buffers.
//
// The host runs the same steps in double precision. The float results must agree to within 1e-5
// of the system's size (positions) and speed (velocities): float rounding in sums of 4096 terms
// stays near 1e-7 there, while a wrong force term moves velocities by about 1e-2.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <vector>

namespace {

constexpr std::size_t bodies = 4096;
constexpr int steps = 4;
constexpr float dt = 0.01f;
constexpr float softening2 = 1e-3f;
constexpr double tolerance = 1e-5;

struct random_source {
  std::uint64_t state;
  double next() { // uniform in [0, 1)
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return double(state >> 11) * 0x1.0p-53;
  }
};

// Bodies uniformly in the unit ball, total mass about 1, rotating slowly around z.
void initial_state(std::vector<sycl::float4> &position_mass, std::vector<sycl::float4> &velocity) {
  random_source random{2024};
  for (std::size_t i = 0; i < bodies; ++i) {
    double x, y, z;
    do {
      x = 2 * random.next() - 1, y = 2 * random.next() - 1, z = 2 * random.next() - 1;
    } while (x * x + y * y + z * z > 1);
    const double mass = (0.5 + random.next()) / double(bodies);
    position_mass[i] = sycl::float4(float(x), float(y), float(z), float(mass));
    velocity[i] = sycl::float4(float(-0.3 * y), float(0.3 * x), float(0.05 * (random.next() - 0.5)), 0.0f);
  }
}

// The same steps in double precision.
void reference_steps(std::vector<double> &position, std::vector<double> &velocity, const std::vector<double> &mass) {
  std::vector<double> next(position.size());
  for (int step = 0; step < steps; ++step) {
    for (std::size_t i = 0; i < bodies; ++i) {
      double acceleration[3] = {0, 0, 0};
      for (std::size_t j = 0; j < bodies; ++j) {
        const double d[3] = {position[3 * j] - position[3 * i], position[3 * j + 1] - position[3 * i + 1],
                             position[3 * j + 2] - position[3 * i + 2]};
        const double inverse = 1.0 / std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + double(softening2));
        const double strength = mass[j] * inverse * inverse * inverse;
        for (int k = 0; k < 3; ++k) acceleration[k] += d[k] * strength;
      }
      for (int k = 0; k < 3; ++k) {
        velocity[3 * i + k] += acceleration[k] * double(dt);
        next[3 * i + k] = position[3 * i + k] + velocity[3 * i + k] * double(dt);
      }
    }
    position.swap(next);
  }
}

} // namespace

int main() {
  std::vector<sycl::float4> position_mass(bodies), velocity(bodies);
  initial_state(position_mass, velocity);
  std::vector<sycl::float4> final_position(bodies), final_velocity(bodies);

  double best_ms = 0.0;
  try {
    sycl::queue q;
    sycl::float4 *positions[2] = {sycl::malloc_device<sycl::float4>(bodies, q), sycl::malloc_device<sycl::float4>(bodies, q)};
    sycl::float4 *velocities[2] = {sycl::malloc_device<sycl::float4>(bodies, q), sycl::malloc_device<sycl::float4>(bodies, q)};
    if (!positions[0] || !positions[1] || !velocities[0] || !velocities[1]) {
      std::fprintf(stderr, "device allocation failed\n");
      return 1;
    }
    q.memcpy(positions[0], position_mass.data(), bodies * sizeof(sycl::float4)).wait();
    q.memcpy(velocities[0], velocity.data(), bodies * sizeof(sycl::float4)).wait();

    for (int step = 0; step < steps; ++step) {
      const sycl::float4 *p = positions[step % 2];
      const sycl::float4 *v = velocities[step % 2];
      sycl::float4 *p_next = positions[(step + 1) % 2];
      sycl::float4 *v_next = velocities[(step + 1) % 2];
      auto start = std::chrono::steady_clock::now();
      q.parallel_for<class NBodyStep>(sycl::range<1>{bodies}, [=](sycl::id<1> id) {
         const std::size_t i = id[0];
         const sycl::float4 self = p[i];
         sycl::float3 acceleration(0.0f);
         for (std::size_t j = 0; j < bodies; ++j) {
           const sycl::float4 other = p[j];
           const sycl::float3 d = other.xyz() - self.xyz();
           const float inverse = sycl::rsqrt(sycl::dot(d, d) + softening2);
           acceleration += d * (other.w() * inverse * inverse * inverse);
         }
         const sycl::float3 new_velocity = v[i].xyz() + acceleration * dt;
         v_next[i] = sycl::float4(new_velocity, 0.0f);
         p_next[i] = sycl::float4(self.xyz() + new_velocity * dt, self.w());
       }).wait();
      auto stop = std::chrono::steady_clock::now();
      double ms = std::chrono::duration<double, std::milli>(stop - start).count();
      best_ms = step == 0 ? ms : std::min(best_ms, ms);
    }

    q.memcpy(final_position.data(), positions[steps % 2], bodies * sizeof(sycl::float4)).wait();
    q.memcpy(final_velocity.data(), velocities[steps % 2], bodies * sizeof(sycl::float4)).wait();
    for (int b = 0; b < 2; ++b) {
      sycl::free(positions[b], q);
      sycl::free(velocities[b], q);
    }
  } catch (const sycl::exception &e) {
    std::fprintf(stderr, "SYCL exception: %s\n", e.what());
    std::puts("FAIL");
    return 1;
  }

  std::vector<double> position(3 * bodies), speed(3 * bodies), mass(bodies);
  for (std::size_t i = 0; i < bodies; ++i) {
    for (int k = 0; k < 3; ++k) position[3 * i + k] = position_mass[i][k], speed[3 * i + k] = velocity[i][k];
    mass[i] = position_mass[i].w();
  }
  reference_steps(position, speed, mass);

  double size = 0, fastest = 0, position_error = 0, velocity_error = 0;
  for (std::size_t i = 0; i < bodies; ++i) {
    double position_distance = 0, velocity_distance = 0, radius = 0, body_speed = 0;
    for (int k = 0; k < 3; ++k) {
      const double dp = double(final_position[i][k]) - position[3 * i + k];
      const double dv = double(final_velocity[i][k]) - speed[3 * i + k];
      position_distance += dp * dp, velocity_distance += dv * dv;
      radius += position[3 * i + k] * position[3 * i + k], body_speed += speed[3 * i + k] * speed[3 * i + k];
    }
    size = std::max(size, std::sqrt(radius));
    fastest = std::max(fastest, std::sqrt(body_speed));
    position_error = std::max(position_error, std::sqrt(position_distance));
    velocity_error = std::max(velocity_error, std::sqrt(velocity_distance));
  }
  position_error /= size;
  velocity_error /= fastest;

  const double interactions = double(bodies) * double(bodies);
  std::printf("n-body: %zu bodies, %d steps\n", bodies, steps);
  std::printf("kernel: %.3f ms (best of %d steps, %.2f G interactions/s)\n", best_ms, steps,
              interactions / (best_ms * 1e-3) * 1e-9);
  std::printf("largest error against double precision: position %.2e, velocity %.2e (relative)\n", position_error,
              velocity_error);
  if (!(position_error <= tolerance && velocity_error <= tolerance)) {
    std::printf("errors exceed %g\nFAIL\n", tolerance);
    return 1;
  }
  std::puts("PASS");
  return 0;
}
