/* bench.h's implementation functions for OpenCL, included by host.c: the program is built from
 * kernels.cl without options, buffers are created from the host inputs, and each launch is
 * clEnqueueNDRangeKernel followed by clFinish. */
#ifndef NCPU_BENCH_HOST_PROGRAM_H
#define NCPU_BENCH_HOST_PROGRAM_H

static int build_kernel(const struct problem *p) {
  char *source = read_source(source_path);
  if (!source) return 1;
  cl_int status;
  const char *sources[1] = {source};
  cl_program program = clCreateProgramWithSource(context, 1, sources, NULL, &status);
  free(source);
  CL_OK(status);
  if (clBuildProgram(program, 1, &device, "", NULL, NULL) != CL_SUCCESS) {
    char log[4096] = "";
    clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    fprintf(stderr, "building %s failed: %s\n", source_path, log);
    return 1;
  }
  kernel = clCreateKernel(program, kernel_names[p->kernel], &status);
  clReleaseProgram(program);
  CL_OK(status);
  return 0;
}

/* Buffers, then n, then saxpy's a, as kernels.cl declares them. */
static int set_arguments(const struct problem *p) {
  cl_uint argument = 0;
  if (p->kernel == K_EMPTY) return 0;
  for (int b = 0; b < MAX_BUFFERS; ++b)
    if (buffers[b]) CL_OK(clSetKernelArg(kernel, argument++, sizeof(cl_mem), &buffers[b]));
  cl_uint n = (cl_uint)p->n;
  CL_OK(clSetKernelArg(kernel, argument++, sizeof n, &n));
  if (p->kernel == K_SAXPY) CL_OK(clSetKernelArg(kernel, argument++, sizeof SAXPY_A, &SAXPY_A));
  return 0;
}

static int impl_prepare(const struct problem *p) {
  cl_int status;
  context = clCreateContext(NULL, 1, &device, NULL, NULL, &status);
  CL_OK(status);
  queue = clCreateCommandQueue(context, device, 0, &status);
  CL_OK(status);
  if (build_kernel(p) != 0) return 1;
  for (int b = 0; b < MAX_BUFFERS; ++b) {
    if (!p->bytes[b]) continue;
    void *initial = p->host[b] ? p->host[b] : bench_alloc(p->bytes[b]);
    buffers[b] = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, p->bytes[b], initial, &status);
    if (initial != p->host[b]) free(initial);
    CL_OK(status);
  }
  return set_arguments(p);
}

static int impl_launch(const struct problem *p) {
  size_t n = p->n, global[2] = {n, n}, local[2] = {TILE, TILE}, group = REDUCTION_GROUP;
  cl_uint dimensions = 1;
  const size_t *local_size = NULL;
  switch (p->kernel) {
  case K_EMPTY: global[0] = 1; break;
  case K_MATMUL_NAIVE: case K_STENCIL: case K_MANDELBROT: dimensions = 2; break;
  case K_MATMUL_TILED: dimensions = 2, local_size = local; break;
  case K_REDUCTION: local_size = &group; break;
  default: break;
  }
  CL_OK(clEnqueueNDRangeKernel(queue, kernel, dimensions, NULL, global, local_size, 0, NULL, NULL));
  CL_OK(clFinish(queue));
  return 0;
}

static int impl_read(const struct problem *p, int buffer, void *destination) {
  CL_OK(clEnqueueReadBuffer(queue, buffers[buffer], CL_TRUE, 0, p->bytes[buffer], destination, 0, NULL, NULL));
  return 0;
}

static void impl_release(const struct problem *p) {
  (void)p;
  for (int b = 0; b < MAX_BUFFERS; ++b)
    if (buffers[b]) clReleaseMemObject(buffers[b]);
  clReleaseKernel(kernel);
  clReleaseCommandQueue(queue);
  clReleaseContext(context);
}

#endif
