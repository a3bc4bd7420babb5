// DPC++'s <sycl/ext/oneapi/bindless_images_sampler.hpp>: ncpu does not implement images and samplers (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/bindless_images_sampler.hpp>: ncpu does not implement images and samplers"
