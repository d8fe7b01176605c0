/* rapcc stand-in for <cuda_fp16.h> (declarations only): __half and __half2,
 * the conversions, the arithmetic and comparison intrinsics and operators.
 * The default constructors are trivial (= default), so __shared__ arrays of
 * __half are allowed, as with nvcc. */
#ifndef RAPCC_CUDA_FP16_H
#define RAPCC_CUDA_FP16_H
/* The toolkit's own guards: a toolkit header that includes this one by a
 * quoted name (cuda_fp8.h's "cuda_fp16.h") finds it already defined. */
#define __CUDA_FP16_H__
#define __CUDA_FP16_HPP__
#include "rapcc_cuda_shim.h"
typedef struct __half_raw { unsigned short x; } __half_raw;
typedef struct __half2_raw { unsigned short x, y; } __half2_raw;
struct __align__(2) __half {
protected:
  unsigned short __x;
public:
  __half() = default;
  __host__ __device__ __half(const __half_raw &);
  __host__ __device__ __half(float);
  __host__ __device__ __half(double);
  __host__ __device__ __half(short);
  __host__ __device__ __half(unsigned short);
  __host__ __device__ __half(int);
  __host__ __device__ __half(unsigned int);
  __host__ __device__ __half(long long);
  __host__ __device__ __half(unsigned long long);
  __host__ __device__ __half &operator=(const __half_raw &);
  __host__ __device__ __half &operator=(float);
  __host__ __device__ __half &operator=(double);
  __host__ __device__ operator __half_raw() const;
  __host__ __device__ operator float() const;
  __host__ __device__ explicit operator bool() const;
  __host__ __device__ explicit operator short() const;
  __host__ __device__ explicit operator unsigned short() const;
  __host__ __device__ explicit operator int() const;
  __host__ __device__ explicit operator unsigned int() const;
  __host__ __device__ explicit operator long long() const;
  __host__ __device__ explicit operator unsigned long long() const;
};
struct __align__(4) __half2 {
  __half x, y;
  __half2() = default;
  __host__ __device__ __half2(const __half &a, const __half &b) : x(a), y(b) {}
  __host__ __device__ __half2(const __half2_raw &);
  __host__ __device__ __half2 &operator=(const __half2_raw &);
  __host__ __device__ operator __half2_raw() const;
};
typedef struct __half half;
typedef struct __half2 half2;
typedef struct __half __nv_half;
typedef struct __half2 __nv_half2;
#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7C00U)
#define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7FFFU)
#define CUDART_MIN_DENORM_FP16 __ushort_as_half((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7BFFU)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3C00U)
#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000U)
#define RAPCC_HF __host__ __device__
RAPCC_HF __half __float2half(const float);
RAPCC_HF __half __float2half_rn(const float);
RAPCC_HF __half __float2half_rz(const float);
RAPCC_HF __half __float2half_rd(const float);
RAPCC_HF __half __float2half_ru(const float);
RAPCC_HF __half __double2half(const double);
RAPCC_HF float __half2float(const __half);
RAPCC_HF __half2 __float2half2_rn(const float);
RAPCC_HF __half2 __floats2half2_rn(const float, const float);
RAPCC_HF float2 __half22float2(const __half2);
RAPCC_HF __half2 __float22half2_rn(const float2);
RAPCC_HF float __low2float(const __half2);
RAPCC_HF float __high2float(const __half2);
RAPCC_HF __half __low2half(const __half2);
RAPCC_HF __half __high2half(const __half2);
RAPCC_HF __half2 __halves2half2(const __half, const __half);
RAPCC_HF __half2 __half2half2(const __half);
RAPCC_HF __half2 __lowhigh2highlow(const __half2);
RAPCC_HF __half2 __lows2half2(const __half2, const __half2);
RAPCC_HF __half2 __highs2half2(const __half2, const __half2);
RAPCC_HF __half2 __low2half2(const __half2);
RAPCC_HF __half2 __high2half2(const __half2);
#define RAPCC_HCVT(R, name, A) RAPCC_HF R name##_rn(A); RAPCC_HF R name##_rz(A); RAPCC_HF R name##_rd(A); RAPCC_HF R name##_ru(A);
RAPCC_HCVT(int, __half2int, const __half)
RAPCC_HCVT(unsigned int, __half2uint, const __half)
RAPCC_HCVT(short, __half2short, const __half)
RAPCC_HCVT(unsigned short, __half2ushort, const __half)
RAPCC_HCVT(long long, __half2ll, const __half)
RAPCC_HCVT(unsigned long long, __half2ull, const __half)
RAPCC_HCVT(__half, __int2half, const int)
RAPCC_HCVT(__half, __uint2half, const unsigned int)
RAPCC_HCVT(__half, __short2half, const short)
RAPCC_HCVT(__half, __ushort2half, const unsigned short)
RAPCC_HCVT(__half, __ll2half, const long long)
RAPCC_HCVT(__half, __ull2half, const unsigned long long)
#undef RAPCC_HCVT
RAPCC_HF short __half_as_short(const __half);
RAPCC_HF unsigned short __half_as_ushort(const __half);
RAPCC_HF __half __short_as_half(const short);
RAPCC_HF __half __ushort_as_half(const unsigned short);
__device__ __half __hadd(const __half, const __half);
__device__ __half __hsub(const __half, const __half);
__device__ __half __hmul(const __half, const __half);
__device__ __half __hdiv(const __half, const __half);
__device__ __half __hadd_sat(const __half, const __half);
__device__ __half __hsub_sat(const __half, const __half);
__device__ __half __hmul_sat(const __half, const __half);
__device__ __half __hfma(const __half, const __half, const __half);
__device__ __half __hfma_sat(const __half, const __half, const __half);
__device__ __half __hneg(const __half);
__device__ __half __habs(const __half);
__device__ __half __hmax(const __half, const __half);
__device__ __half __hmin(const __half, const __half);
__device__ __half __hmax_nan(const __half, const __half);
__device__ __half __hmin_nan(const __half, const __half);
__device__ __half2 __hadd2(const __half2, const __half2);
__device__ __half2 __hsub2(const __half2, const __half2);
__device__ __half2 __hmul2(const __half2, const __half2);
__device__ __half2 __h2div(const __half2, const __half2);
__device__ __half2 __hadd2_sat(const __half2, const __half2);
__device__ __half2 __hmul2_sat(const __half2, const __half2);
__device__ __half2 __hfma2(const __half2, const __half2, const __half2);
__device__ __half2 __hfma2_sat(const __half2, const __half2, const __half2);
__device__ __half2 __hneg2(const __half2);
__device__ __half2 __habs2(const __half2);
__device__ __half2 __hmax2(const __half2, const __half2);
__device__ __half2 __hmin2(const __half2, const __half2);
__device__ bool __heq(const __half, const __half);
__device__ bool __hne(const __half, const __half);
__device__ bool __hlt(const __half, const __half);
__device__ bool __hle(const __half, const __half);
__device__ bool __hgt(const __half, const __half);
__device__ bool __hge(const __half, const __half);
__device__ bool __hisnan(const __half);
__device__ int __hisinf(const __half);
__device__ bool __hbeq2(const __half2, const __half2);
__device__ bool __hbne2(const __half2, const __half2);
__device__ bool __hblt2(const __half2, const __half2);
__device__ bool __hbgt2(const __half2, const __half2);
__device__ __half2 __heq2(const __half2, const __half2);
__device__ __half2 __hlt2(const __half2, const __half2);
__device__ __half2 __hgt2(const __half2, const __half2);
__device__ __half2 __hisnan2(const __half2);
#define RAPCC_HMATH(fn) __device__ __half h##fn(const __half); __device__ __half2 h2##fn(const __half2);
RAPCC_HMATH(sqrt) RAPCC_HMATH(rsqrt) RAPCC_HMATH(rcp) RAPCC_HMATH(exp) RAPCC_HMATH(exp2) RAPCC_HMATH(exp10)
RAPCC_HMATH(log) RAPCC_HMATH(log2) RAPCC_HMATH(log10) RAPCC_HMATH(sin) RAPCC_HMATH(cos)
RAPCC_HMATH(floor) RAPCC_HMATH(ceil) RAPCC_HMATH(trunc) RAPCC_HMATH(rint)
#undef RAPCC_HMATH
__device__ __half atomicAdd(__half *, const __half);
__device__ __half2 atomicAdd(__half2 *, const __half2);
__device__ __half __ldg(const __half *);
__device__ __half2 __ldg(const __half2 *);
__device__ __half operator+(const __half &, const __half &);
__device__ __half operator-(const __half &, const __half &);
__device__ __half operator*(const __half &, const __half &);
__device__ __half operator/(const __half &, const __half &);
__device__ __half &operator+=(__half &, const __half &);
__device__ __half &operator-=(__half &, const __half &);
__device__ __half &operator*=(__half &, const __half &);
__device__ __half &operator/=(__half &, const __half &);
__device__ __half &operator++(__half &);
__device__ __half &operator--(__half &);
__device__ __half operator++(__half &, int);
__device__ __half operator--(__half &, int);
__device__ __half operator+(const __half &);
__device__ __half operator-(const __half &);
__device__ bool operator==(const __half &, const __half &);
__device__ bool operator!=(const __half &, const __half &);
__device__ bool operator>(const __half &, const __half &);
__device__ bool operator<(const __half &, const __half &);
__device__ bool operator>=(const __half &, const __half &);
__device__ bool operator<=(const __half &, const __half &);
__device__ __half2 operator+(const __half2 &, const __half2 &);
__device__ __half2 operator-(const __half2 &, const __half2 &);
__device__ __half2 operator*(const __half2 &, const __half2 &);
__device__ __half2 operator/(const __half2 &, const __half2 &);
__device__ __half2 &operator+=(__half2 &, const __half2 &);
__device__ __half2 &operator-=(__half2 &, const __half2 &);
__device__ __half2 &operator*=(__half2 &, const __half2 &);
__device__ __half2 &operator/=(__half2 &, const __half2 &);
__device__ __half2 operator-(const __half2 &);
__device__ bool operator==(const __half2 &, const __half2 &);
__device__ bool operator!=(const __half2 &, const __half2 &);
#undef RAPCC_HF
#endif
