/* The OpenCL host program: runs kernels.cl on the CPU device of a platform chosen by name
 * (bench/README.md, "The OpenCL peers").
 *
 *   host --list                                            one line per platform with a CPU device
 *   host <kernels.cl> <platform> <kernel> <n> <warmups> <runs>   as bench_main (bench.h)
 *
 * <platform> is matched case-insensitively against the start of the platform's name. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <strings.h>

#include "../common/bench.h"

static cl_context context;
static cl_command_queue queue;
static cl_kernel kernel;
static cl_mem buffers[MAX_BUFFERS];

#define CL_OK(call)                                                                                         \
  do {                                                                                                      \
    cl_int status_ = (call);                                                                                \
    if (status_ != CL_SUCCESS) {                                                                            \
      fprintf(stderr, "OpenCL error %d in %s\n", (int)status_, #call);                                     \
      return 1;                                                                                             \
    }                                                                                                       \
  } while (0)

static cl_device_id cpu_device(cl_platform_id platform) {
  cl_device_id device = NULL;
  cl_uint count = 0;
  if (clGetDeviceIDs(platform, CL_DEVICE_TYPE_CPU, 1, &device, &count) != CL_SUCCESS || count == 0) return NULL;
  return device;
}

/* The platforms with a CPU device, in the loader's order; returns how many (at most `max`). */
static cl_uint cpu_platforms(cl_platform_id *platforms, cl_uint max) {
  cl_platform_id all[16];
  cl_uint count = 0, found = 0;
  if (clGetPlatformIDs(16, all, &count) != CL_SUCCESS) return 0;
  for (cl_uint i = 0; i < count && i < 16 && found < max; ++i)
    if (cpu_device(all[i])) platforms[found++] = all[i];
  return found;
}

/* platform<TAB>name<TAB>platform version<TAB>device<TAB>driver version<TAB>compute units */
static int list_platforms(void) {
  cl_platform_id platforms[16];
  cl_uint count = cpu_platforms(platforms, 16);
  for (cl_uint i = 0; i < count; ++i) {
    char name[256] = "", version[256] = "", device_name[256] = "", driver[256] = "";
    cl_uint units = 0;
    cl_device_id device = cpu_device(platforms[i]);
    clGetPlatformInfo(platforms[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
    clGetPlatformInfo(platforms[i], CL_PLATFORM_VERSION, sizeof version, version, NULL);
    clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof device_name, device_name, NULL);
    clGetDeviceInfo(device, CL_DRIVER_VERSION, sizeof driver, driver, NULL);
    clGetDeviceInfo(device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units, &units, NULL);
    printf("platform\t%s\t%s\t%s\t%s\t%u\n", name, version, device_name, driver, units);
  }
  return 0;
}

static cl_device_id find_device(const char *wanted) {
  cl_platform_id platforms[16];
  cl_uint count = cpu_platforms(platforms, 16);
  for (cl_uint i = 0; i < count; ++i) {
    char name[256] = "";
    clGetPlatformInfo(platforms[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
    if (strncasecmp(name, wanted, strlen(wanted)) == 0) return cpu_device(platforms[i]);
  }
  fprintf(stderr, "no OpenCL platform named %s with a CPU device\n", wanted);
  return NULL;
}

static char *read_source(const char *path) {
  FILE *file = fopen(path, "rb");
  if (!file) {
    fprintf(stderr, "cannot open %s\n", path);
    return NULL;
  }
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  char *text = (char *)bench_alloc((size_t)size + 1);
  size_t got = fread(text, 1, (size_t)size, file);
  fclose(file);
  text[got] = '\0';
  return text;
}

static const char *source_path;
static cl_device_id device;

#include "host_program.h"

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "--list") == 0) return list_platforms();
  if (argc != 7) {
    fprintf(stderr, "usage: %s --list | <kernels.cl> <platform> <kernel> <n> <warmups> <runs>\n", argv[0]);
    return 2;
  }
  source_path = argv[1];
  if (!(device = find_device(argv[2]))) return 1;
  return bench_main(argc - 2, argv + 2);
}
