/* rapcc stand-in for <cooperative_groups/memcpy_async.h> (declarations only). */
#ifndef RAPCC_CG_MEMCPY_ASYNC_H
#define RAPCC_CG_MEMCPY_ASYNC_H
#include <cooperative_groups.h>
namespace cuda {
template <size_t N> struct aligned_size_t {
  size_t value;
  __host__ __device__ constexpr explicit aligned_size_t(size_t v) : value(v) {}
  __host__ __device__ constexpr operator size_t() const { return value; }
};
}
namespace cooperative_groups {
template <class Group> __device__ void memcpy_async(const Group &, void *, const void *, size_t) {}
template <class Group, size_t N> __device__ void memcpy_async(const Group &, void *, const void *, cuda::aligned_size_t<N>) {}
template <class Group, class T> __device__ void memcpy_async(const Group &, T *, const T *, size_t) {}
template <class Group> __device__ void wait(const Group &) {}
template <class Group> __device__ void wait_prior(const Group &) {}
template <unsigned int N, class Group> __device__ void wait_prior(const Group &) {}
}
#endif
