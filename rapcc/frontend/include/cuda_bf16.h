/* rapcc stand-in for <cuda_bf16.h> (declarations only): __nv_bfloat16 and
 * __nv_bfloat162 with the common conversions and intrinsics. */
#ifndef RAPCC_CUDA_BF16_H
#define RAPCC_CUDA_BF16_H
/* The toolkit's own guards: a toolkit header that includes this one by a
 * quoted name (cuda_fp8.h's "cuda_fp16.h") finds it already defined. */
#define __CUDA_BF16_H__
#define __CUDA_BF16_HPP__
#include "rapcc_cuda_shim.h"
typedef struct __nv_bfloat16_raw { unsigned short x; } __nv_bfloat16_raw;
typedef struct __nv_bfloat162_raw { unsigned short x, y; } __nv_bfloat162_raw;
struct __align__(2) __nv_bfloat16 {
protected:
  unsigned short __x;
public:
  __nv_bfloat16() = default;
  __host__ __device__ __nv_bfloat16(const __nv_bfloat16_raw &);
  __host__ __device__ __nv_bfloat16(float);
  __host__ __device__ __nv_bfloat16(double);
  __host__ __device__ __nv_bfloat16(int);
  __host__ __device__ operator float() const;
  __host__ __device__ operator __nv_bfloat16_raw() const;
};
struct __align__(4) __nv_bfloat162 {
  __nv_bfloat16 x, y;
  __nv_bfloat162() = default;
  __host__ __device__ __nv_bfloat162(const __nv_bfloat16 &a, const __nv_bfloat16 &b) : x(a), y(b) {}
};
typedef struct __nv_bfloat16 nv_bfloat16;
typedef struct __nv_bfloat162 nv_bfloat162;
__host__ __device__ __nv_bfloat16 __float2bfloat16(const float);
__host__ __device__ __nv_bfloat16 __float2bfloat16_rn(const float);
__host__ __device__ float __bfloat162float(const __nv_bfloat16);
__host__ __device__ __nv_bfloat162 __floats2bfloat162_rn(const float, const float);
__host__ __device__ __nv_bfloat162 __float22bfloat162_rn(const float2);
__host__ __device__ float2 __bfloat1622float2(const __nv_bfloat162);
__device__ __nv_bfloat16 __hadd(const __nv_bfloat16, const __nv_bfloat16);
__device__ __nv_bfloat16 __hmul(const __nv_bfloat16, const __nv_bfloat16);
__device__ __nv_bfloat16 __hfma(const __nv_bfloat16, const __nv_bfloat16, const __nv_bfloat16);
__device__ __nv_bfloat162 __hadd2(const __nv_bfloat162, const __nv_bfloat162);
__device__ __nv_bfloat162 __hmul2(const __nv_bfloat162, const __nv_bfloat162);
__device__ __nv_bfloat162 __hfma2(const __nv_bfloat162, const __nv_bfloat162, const __nv_bfloat162);
__device__ __nv_bfloat16 operator+(const __nv_bfloat16 &, const __nv_bfloat16 &);
__device__ __nv_bfloat16 operator-(const __nv_bfloat16 &, const __nv_bfloat16 &);
__device__ __nv_bfloat16 operator*(const __nv_bfloat16 &, const __nv_bfloat16 &);
__device__ __nv_bfloat16 operator/(const __nv_bfloat16 &, const __nv_bfloat16 &);
__device__ __nv_bfloat16 &operator+=(__nv_bfloat16 &, const __nv_bfloat16 &);
__device__ __nv_bfloat16 atomicAdd(__nv_bfloat16 *, const __nv_bfloat16);
#endif
