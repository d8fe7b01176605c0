/* rapcc stand-in for <math.h> (declarations only), with the CUDA math
 * library: every function is callable from host and device code, the float
 * overloads of the C++ names exist in the global namespace (as nvcc's
 * math_functions.h provides them), and integral or mixed arguments resolve the
 * way <cmath>'s templates make them resolve. */
#ifndef RAPCC_MATH_H
#define RAPCC_MATH_H
#include <rapcc_internal.h>
#include <stdlib.h>

#define M_E 2.7182818284590452354
#define M_LOG2E 1.4426950408889634074
#define M_LOG10E 0.43429448190325182765
#define M_LN2 0.69314718055994530942
#define M_LN10 2.30258509299404568402
#define M_PI 3.14159265358979323846
#define M_PI_2 1.57079632679489661923
#define M_PI_4 0.78539816339744830962
#define M_1_PI 0.31830988618379067154
#define M_2_PI 0.63661977236758134308
#define M_2_SQRTPI 1.12837916709551257390
#define M_SQRT2 1.41421356237309504880
#define M_SQRT1_2 0.70710678118654752440
#define HUGE_VAL (__builtin_huge_val())
#define HUGE_VALF (__builtin_huge_valf())
#define INFINITY (__builtin_inff())
#define NAN (__builtin_nanf(""))
#define MAXFLOAT 3.40282347e+38F
#define FP_NAN 0
#define FP_INFINITE 1
#define FP_ZERO 2
#define FP_SUBNORMAL 3
#define FP_NORMAL 4
typedef float float_t;
typedef double double_t;

#ifdef __cplusplus
#define RAPCC_MATH1(fn) \
  extern "C" _RAPCC_HD float fn##f(float); extern "C" _RAPCC_HD double fn(double); \
  _RAPCC_HD float fn(float); \
  template <class T> _RAPCC_HD typename _RapccIntegral<T>::type fn(T);
#define RAPCC_MATH2(fn) \
  extern "C" _RAPCC_HD float fn##f(float, float); extern "C" _RAPCC_HD double fn(double, double); \
  _RAPCC_HD float fn(float, float); \
  template <class A, class B> _RAPCC_HD _RAPCC_PROMOTE2(A, B) fn(A, B);
#define RAPCC_MATHR(R, fn) \
  extern "C" _RAPCC_HD R fn##f(float); extern "C" _RAPCC_HD R fn(double); _RAPCC_HD R fn(float);
#else
#define RAPCC_MATH1(fn) _RAPCC_HD float fn##f(float); _RAPCC_HD double fn(double);
#define RAPCC_MATH2(fn) _RAPCC_HD float fn##f(float, float); _RAPCC_HD double fn(double, double);
#define RAPCC_MATHR(R, fn) _RAPCC_HD R fn##f(float); _RAPCC_HD R fn(double);
#endif
RAPCC_MATH1(sqrt) RAPCC_MATH1(rsqrt) RAPCC_MATH1(cbrt) RAPCC_MATH1(rcbrt)
RAPCC_MATH1(exp) RAPCC_MATH1(exp2) RAPCC_MATH1(exp10) RAPCC_MATH1(expm1)
RAPCC_MATH1(log) RAPCC_MATH1(log2) RAPCC_MATH1(log10) RAPCC_MATH1(log1p) RAPCC_MATH1(logb)
RAPCC_MATH1(sin) RAPCC_MATH1(cos) RAPCC_MATH1(tan) RAPCC_MATH1(asin) RAPCC_MATH1(acos) RAPCC_MATH1(atan)
RAPCC_MATH1(sinh) RAPCC_MATH1(cosh) RAPCC_MATH1(tanh) RAPCC_MATH1(asinh) RAPCC_MATH1(acosh) RAPCC_MATH1(atanh)
RAPCC_MATH1(sinpi) RAPCC_MATH1(cospi)
RAPCC_MATH1(fabs) RAPCC_MATH1(floor) RAPCC_MATH1(ceil) RAPCC_MATH1(round) RAPCC_MATH1(trunc)
RAPCC_MATH1(rint) RAPCC_MATH1(nearbyint)
RAPCC_MATH1(erf) RAPCC_MATH1(erfc) RAPCC_MATH1(erfinv) RAPCC_MATH1(erfcinv) RAPCC_MATH1(erfcx)
RAPCC_MATH1(lgamma) RAPCC_MATH1(tgamma) RAPCC_MATH1(normcdf) RAPCC_MATH1(normcdfinv)
RAPCC_MATH1(j0) RAPCC_MATH1(j1) RAPCC_MATH1(y0) RAPCC_MATH1(y1)
RAPCC_MATH2(pow) RAPCC_MATH2(atan2) RAPCC_MATH2(fmod) RAPCC_MATH2(fmin) RAPCC_MATH2(fmax)
RAPCC_MATH2(hypot) RAPCC_MATH2(rhypot) RAPCC_MATH2(copysign) RAPCC_MATH2(remainder) RAPCC_MATH2(fdim)
RAPCC_MATH2(nextafter) RAPCC_MATH2(fdivide)
RAPCC_MATHR(int, ilogb) RAPCC_MATHR(long, lrint) RAPCC_MATHR(long long, llrint)
RAPCC_MATHR(long, lround) RAPCC_MATHR(long long, llround)
#undef RAPCC_MATH1
#undef RAPCC_MATH2
#undef RAPCC_MATHR

_RAPCC_BEGIN_C
_RAPCC_HD float fmaf(float, float, float);
_RAPCC_HD double fma(double, double, double);
_RAPCC_HD void sincosf(float, float *, float *);
_RAPCC_HD void sincos(double, double *, double *);
_RAPCC_HD void sincospif(float, float *, float *);
_RAPCC_HD void sincospi(double, double *, double *);
_RAPCC_HD float frexpf(float, int *);
_RAPCC_HD double frexp(double, int *);
_RAPCC_HD float ldexpf(float, int);
_RAPCC_HD double ldexp(double, int);
_RAPCC_HD float scalbnf(float, int);
_RAPCC_HD double scalbn(double, int);
_RAPCC_HD float modff(float, float *);
_RAPCC_HD double modf(double, double *);
_RAPCC_HD float remquof(float, float, int *);
_RAPCC_HD double remquo(double, double, int *);
_RAPCC_HD float powif(float, int);
_RAPCC_HD double powi(double, int);
_RAPCC_HD float nanf(const char *);
_RAPCC_HD double nan(const char *);
_RAPCC_HD float norm3df(float, float, float);
_RAPCC_HD double norm3d(double, double, double);
_RAPCC_HD float rnorm3df(float, float, float);
_RAPCC_HD double rnorm3d(double, double, double);
_RAPCC_HD float norm4df(float, float, float, float);
_RAPCC_HD double norm4d(double, double, double, double);
_RAPCC_HD float normf(int, const float *);
_RAPCC_HD double norm(int, const double *);
_RAPCC_HD int __isnanf(float);
_RAPCC_HD int __isnan(double);
_RAPCC_HD int __isinff(float);
_RAPCC_HD int __isinf(double);
_RAPCC_HD int __finitef(float);
_RAPCC_HD int __finite(double);
_RAPCC_HD int __signbitf(float);
_RAPCC_HD int __signbit(double);
_RAPCC_END_C

#ifdef __cplusplus
_RAPCC_HD float fma(float, float, float);
_RAPCC_HD void sincos(float, float *, float *);
_RAPCC_HD float frexp(float, int *);
_RAPCC_HD float ldexp(float, int);
_RAPCC_HD float scalbn(float, int);
_RAPCC_HD float modf(float, float *);
_RAPCC_HD float pow(float, int);
_RAPCC_HD double pow(double, int);
/* Classification: functions in C++ (macros in C). */
#define RAPCC_CLASSIFY(f) _RAPCC_HD bool f(float); _RAPCC_HD bool f(double); \
  template <class T> _RAPCC_HD typename _RapccIntegral<T>::bool_type f(T);
RAPCC_CLASSIFY(isnan) RAPCC_CLASSIFY(isinf) RAPCC_CLASSIFY(isfinite) RAPCC_CLASSIFY(isnormal)
RAPCC_CLASSIFY(signbit)
#undef RAPCC_CLASSIFY
_RAPCC_HD int fpclassify(float);
_RAPCC_HD int fpclassify(double);
/* The CUDA min/max overloads (math_functions.hpp). */
#define RAPCC_MINMAX(R, A, B) _RAPCC_HD R min(A, B); _RAPCC_HD R max(A, B);
RAPCC_MINMAX(int, int, int)
RAPCC_MINMAX(unsigned int, unsigned int, unsigned int)
RAPCC_MINMAX(unsigned int, int, unsigned int)
RAPCC_MINMAX(unsigned int, unsigned int, int)
RAPCC_MINMAX(long, long, long)
RAPCC_MINMAX(unsigned long, unsigned long, unsigned long)
RAPCC_MINMAX(unsigned long, long, unsigned long)
RAPCC_MINMAX(unsigned long, unsigned long, long)
RAPCC_MINMAX(long long, long long, long long)
RAPCC_MINMAX(unsigned long long, unsigned long long, unsigned long long)
RAPCC_MINMAX(unsigned long long, long long, unsigned long long)
RAPCC_MINMAX(unsigned long long, unsigned long long, long long)
RAPCC_MINMAX(float, float, float)
RAPCC_MINMAX(double, double, double)
RAPCC_MINMAX(double, float, double)
RAPCC_MINMAX(double, double, float)
#undef RAPCC_MINMAX
#endif
_RAPCC_BEGIN_C
_RAPCC_HD unsigned int umin(unsigned int, unsigned int);
_RAPCC_HD unsigned int umax(unsigned int, unsigned int);
_RAPCC_HD long long llmin(long long, long long);
_RAPCC_HD long long llmax(long long, long long);
_RAPCC_HD unsigned long long ullmin(unsigned long long, unsigned long long);
_RAPCC_HD unsigned long long ullmax(unsigned long long, unsigned long long);
_RAPCC_END_C
#endif
