// DPC++'s <sycl/sampler.hpp>: ncpu does not implement images and samplers (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/sampler.hpp>: ncpu does not implement images and samplers"
