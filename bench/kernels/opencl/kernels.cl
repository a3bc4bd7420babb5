// The benchmark kernels in OpenCL C (bench/README.md, "The kernels"), run by host.c. Arguments:
// the kernel's buffers in the order of bench.h's bench_inputs, then n, then saxpy's a.
// Dimension 0 is the fastest-varying one (columns), as in OpenCL's linear work-item order.

#define TILE 16
#define REDUCTION_GROUP 256
#define MANDELBROT_ITERATIONS 256
#define NBODY_SOFTENING2 1e-3f

kernel void empty(void) {}

kernel void vector_add(global const float *a, global const float *b, global float *c, uint n) {
  size_t i = get_global_id(0);
  c[i] = a[i] + b[i];
}

kernel void saxpy(global const float *x, global float *y, uint n, float a) {
  size_t i = get_global_id(0);
  y[i] = a * x[i] + y[i];
}

kernel void matmul_naive(global const float *a, global const float *b, global float *c, uint n) {
  size_t col = get_global_id(0), row = get_global_id(1);
  float sum = 0.0f;
  for (size_t k = 0; k < n; ++k) sum += a[row * n + k] * b[k * n + col];
  c[row * n + col] = sum;
}

kernel void matmul_tiled(global const float *a, global const float *b, global float *c, uint n) {
  local float tile_a[TILE][TILE], tile_b[TILE][TILE];
  size_t col = get_global_id(0), row = get_global_id(1);
  size_t local_col = get_local_id(0), local_row = get_local_id(1);
  float sum = 0.0f;
  for (size_t step = 0; step < n; step += TILE) {
    tile_a[local_row][local_col] = a[row * n + step + local_col];
    tile_b[local_row][local_col] = b[(step + local_row) * n + col];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t k = 0; k < TILE; ++k) sum += tile_a[local_row][k] * tile_b[k][local_col];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  c[row * n + col] = sum;
}

kernel void reduction(global const float *x, global float *partial, uint n) {
  local float scratch[REDUCTION_GROUP];
  size_t local_id = get_local_id(0);
  scratch[local_id] = x[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t stride = REDUCTION_GROUP / 2; stride > 0; stride /= 2) {
    if (local_id < stride) scratch[local_id] += scratch[local_id + stride];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (local_id == 0) partial[get_group_id(0)] = scratch[0];
}

kernel void stencil(global const float *in, global float *out, uint n) {
  size_t col = get_global_id(0), row = get_global_id(1), at = row * n + col;
  if (row == 0 || col == 0 || row == n - 1 || col == n - 1)
    out[at] = in[at];
  else
    out[at] = 0.2f * (in[at] + in[at - n] + in[at + n] + in[at - 1] + in[at + 1]);
}

kernel void mandelbrot(global int *counts, uint n) {
  size_t col = get_global_id(0), row = get_global_id(1);
  float cx = -2.0f + 2.6f * (float)col / (float)n, cy = -1.3f + 2.6f * (float)row / (float)n;
  float zx = 0.0f, zy = 0.0f;
  int k = 0;
  while (k < MANDELBROT_ITERATIONS && zx * zx + zy * zy <= 4.0f) {
    float next_x = zx * zx - zy * zy + cx;
    zy = 2.0f * zx * zy + cy;
    zx = next_x;
    ++k;
  }
  counts[row * n + col] = k;
}

kernel void histogram(global const uchar *bytes, global uint *bins, uint n) {
  atomic_inc(&bins[bytes[get_global_id(0)]]);
}

kernel void nbody_float4(global const float4 *bodies, global float4 *acceleration, uint n) {
  size_t i = get_global_id(0);
  float4 self = bodies[i];
  float3 sum = (float3)(0.0f);
  for (size_t j = 0; j < n; ++j) {
    float4 other = bodies[j];
    float3 d = other.xyz - self.xyz;
    float inverse = rsqrt(dot(d, d) + NBODY_SOFTENING2);
    sum += d * (other.w * inverse * inverse * inverse);
  }
  acceleration[i] = (float4)(sum, 0.0f);
}

kernel void nbody_scalar(global const float *x, global const float *y, global const float *z,
                         global const float *mass, global float *ax, global float *ay, global float *az,
                         uint n) {
  size_t i = get_global_id(0);
  float sx = 0.0f, sy = 0.0f, sz = 0.0f;
  for (size_t j = 0; j < n; ++j) {
    float dx = x[j] - x[i], dy = y[j] - y[i], dz = z[j] - z[i];
    float inverse = rsqrt(dx * dx + dy * dy + dz * dz + NBODY_SOFTENING2);
    float strength = mass[j] * inverse * inverse * inverse;
    sx += dx * strength, sy += dy * strength, sz += dz * strength;
  }
  ax[i] = sx, ay[i] = sy, az[i] = sz;
}

kernel void nbody_native(global const float *x, global const float *y, global const float *z,
                         global const float *mass, global float *ax, global float *ay, global float *az,
                         uint n) {
  size_t i = get_global_id(0);
  float sx = 0.0f, sy = 0.0f, sz = 0.0f;
  for (size_t j = 0; j < n; ++j) {
    float dx = x[j] - x[i], dy = y[j] - y[i], dz = z[j] - z[i];
    float inverse = native_rsqrt(dx * dx + dy * dy + dz * dz + NBODY_SOFTENING2);
    float strength = mass[j] * inverse * inverse * inverse;
    sx += dx * strength, sy += dy * strength, sz += dz * strength;
  }
  ax[i] = sx, ay[i] = sy, az[i] = sz;
}
