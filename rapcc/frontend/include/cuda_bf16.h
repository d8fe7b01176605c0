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
/* The rest of the toolkit's conversions, arithmetic and comparisons, so that
 * kernels (and CCCL's cuda_fp8.hpp) using them parse. */
#define RAPCC_BF __host__ __device__
RAPCC_BF __nv_bfloat16 __float2bfloat16_rz(const float);
RAPCC_BF __nv_bfloat16 __float2bfloat16_rd(const float);
RAPCC_BF __nv_bfloat16 __float2bfloat16_ru(const float);
RAPCC_BF __nv_bfloat16 __double2bfloat16(const double);
RAPCC_BF __nv_bfloat162 __float2bfloat162_rn(const float);
RAPCC_BF float __low2float(const __nv_bfloat162);
RAPCC_BF float __high2float(const __nv_bfloat162);
RAPCC_BF __nv_bfloat16 __low2bfloat16(const __nv_bfloat162);
RAPCC_BF __nv_bfloat16 __high2bfloat16(const __nv_bfloat162);
RAPCC_BF __nv_bfloat162 __halves2bfloat162(const __nv_bfloat16, const __nv_bfloat16);
RAPCC_BF __nv_bfloat162 __bfloat162bfloat162(const __nv_bfloat16);
RAPCC_BF __nv_bfloat162 __lows2bfloat162(const __nv_bfloat162, const __nv_bfloat162);
RAPCC_BF __nv_bfloat162 __highs2bfloat162(const __nv_bfloat162, const __nv_bfloat162);
#define RAPCC_BCVT(R, name, A) RAPCC_BF R name##_rn(A); RAPCC_BF R name##_rz(A); RAPCC_BF R name##_rd(A); \
  RAPCC_BF R name##_ru(A);
RAPCC_BCVT(int, __bfloat162int, const __nv_bfloat16)
RAPCC_BCVT(unsigned int, __bfloat162uint, const __nv_bfloat16)
RAPCC_BCVT(short, __bfloat162short, const __nv_bfloat16)
RAPCC_BCVT(unsigned short, __bfloat162ushort, const __nv_bfloat16)
RAPCC_BCVT(long long, __bfloat162ll, const __nv_bfloat16)
RAPCC_BCVT(unsigned long long, __bfloat162ull, const __nv_bfloat16)
RAPCC_BCVT(__nv_bfloat16, __int2bfloat16, const int)
RAPCC_BCVT(__nv_bfloat16, __uint2bfloat16, const unsigned int)
RAPCC_BCVT(__nv_bfloat16, __short2bfloat16, const short)
RAPCC_BCVT(__nv_bfloat16, __ushort2bfloat16, const unsigned short)
RAPCC_BCVT(__nv_bfloat16, __ll2bfloat16, const long long)
RAPCC_BCVT(__nv_bfloat16, __ull2bfloat16, const unsigned long long)
#undef RAPCC_BCVT
RAPCC_BF short __bfloat16_as_short(const __nv_bfloat16);
RAPCC_BF unsigned short __bfloat16_as_ushort(const __nv_bfloat16);
RAPCC_BF __nv_bfloat16 __short_as_bfloat16(const short);
RAPCC_BF __nv_bfloat16 __ushort_as_bfloat16(const unsigned short);
#undef RAPCC_BF
#define CUDART_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7F80U)
#define CUDART_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7FFFU)
#define CUDART_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000U)
#define CUDART_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3F80U)
#define RAPCC_B2(R, name) __device__ R name(const __nv_bfloat16, const __nv_bfloat16);
RAPCC_B2(__nv_bfloat16, __hsub) RAPCC_B2(__nv_bfloat16, __hdiv) RAPCC_B2(__nv_bfloat16, __hmax)
RAPCC_B2(__nv_bfloat16, __hmin) RAPCC_B2(__nv_bfloat16, __hmax_nan) RAPCC_B2(__nv_bfloat16, __hmin_nan)
RAPCC_B2(bool, __heq) RAPCC_B2(bool, __hne) RAPCC_B2(bool, __hlt) RAPCC_B2(bool, __hle) RAPCC_B2(bool, __hgt)
RAPCC_B2(bool, __hge)
#undef RAPCC_B2
#define RAPCC_B22(R, name) __device__ R name(const __nv_bfloat162, const __nv_bfloat162);
RAPCC_B22(__nv_bfloat162, __hsub2) RAPCC_B22(__nv_bfloat162, __h2div) RAPCC_B22(__nv_bfloat162, __hmax2)
RAPCC_B22(__nv_bfloat162, __hmin2) RAPCC_B22(__nv_bfloat162, __heq2) RAPCC_B22(__nv_bfloat162, __hlt2)
RAPCC_B22(__nv_bfloat162, __hgt2) RAPCC_B22(bool, __hbeq2) RAPCC_B22(bool, __hbne2) RAPCC_B22(bool, __hblt2)
RAPCC_B22(bool, __hbgt2)
#undef RAPCC_B22
__device__ __nv_bfloat16 __hneg(const __nv_bfloat16);
__device__ __nv_bfloat16 __habs(const __nv_bfloat16);
__device__ __nv_bfloat162 __hneg2(const __nv_bfloat162);
__device__ __nv_bfloat162 __habs2(const __nv_bfloat162);
__device__ bool __hisnan(const __nv_bfloat16);
__device__ int __hisinf(const __nv_bfloat16);
#define RAPCC_BMATH(fn) __device__ __nv_bfloat16 h##fn(const __nv_bfloat16); \
  __device__ __nv_bfloat162 h2##fn(const __nv_bfloat162);
RAPCC_BMATH(sqrt) RAPCC_BMATH(rsqrt) RAPCC_BMATH(rcp) RAPCC_BMATH(exp) RAPCC_BMATH(exp2) RAPCC_BMATH(exp10)
RAPCC_BMATH(log) RAPCC_BMATH(log2) RAPCC_BMATH(log10) RAPCC_BMATH(sin) RAPCC_BMATH(cos)
RAPCC_BMATH(floor) RAPCC_BMATH(ceil) RAPCC_BMATH(trunc) RAPCC_BMATH(rint)
#undef RAPCC_BMATH
__device__ __nv_bfloat162 atomicAdd(__nv_bfloat162 *, const __nv_bfloat162);
__device__ __nv_bfloat16 __ldg(const __nv_bfloat16 *);
__device__ __nv_bfloat162 __ldg(const __nv_bfloat162 *);
__device__ __nv_bfloat16 &operator-=(__nv_bfloat16 &, const __nv_bfloat16 &);
__device__ __nv_bfloat16 &operator*=(__nv_bfloat16 &, const __nv_bfloat16 &);
__device__ __nv_bfloat16 &operator/=(__nv_bfloat16 &, const __nv_bfloat16 &);
__device__ __nv_bfloat16 operator-(const __nv_bfloat16 &);
__device__ bool operator==(const __nv_bfloat16 &, const __nv_bfloat16 &);
__device__ bool operator!=(const __nv_bfloat16 &, const __nv_bfloat16 &);
__device__ bool operator>(const __nv_bfloat16 &, const __nv_bfloat16 &);
__device__ bool operator<(const __nv_bfloat16 &, const __nv_bfloat16 &);
__device__ bool operator>=(const __nv_bfloat16 &, const __nv_bfloat16 &);
__device__ bool operator<=(const __nv_bfloat16 &, const __nv_bfloat16 &);
__device__ __nv_bfloat162 operator+(const __nv_bfloat162 &, const __nv_bfloat162 &);
__device__ __nv_bfloat162 operator-(const __nv_bfloat162 &, const __nv_bfloat162 &);
__device__ __nv_bfloat162 operator*(const __nv_bfloat162 &, const __nv_bfloat162 &);
__device__ __nv_bfloat162 operator/(const __nv_bfloat162 &, const __nv_bfloat162 &);
__device__ __nv_bfloat162 &operator+=(__nv_bfloat162 &, const __nv_bfloat162 &);
#endif
