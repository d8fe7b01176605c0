/* rapcc stand-in (declarations only): helpers shared by rapcc's stand-in
 * libc and C++ headers. Not a real header; nothing outside rapcc's include
 * folder should include it.
 *
 * Convention of the C++ stand-ins: declarations only, except that function
 * templates and members of class templates that may be instantiated with a
 * type without linkage (a lambda, a local class) get a body that never runs,
 * `{ __builtin_unreachable(); }`: clang rejects such an instantiation that is
 * used but not defined. Functions usable in device code (std::min, std::swap,
 * numeric_limits, ...) are constexpr or host+device with real bodies. */
#ifndef RAPCC_INTERNAL_H
#define RAPCC_INTERNAL_H
#define _RAPCC_HD __attribute__((host)) __attribute__((device))
#define _RAPCC_H __attribute__((host))
#ifdef __cplusplus
#define _RAPCC_BEGIN_C extern "C" {
#define _RAPCC_END_C }
#define _RAPCC_NOEXCEPT noexcept
#else
#define _RAPCC_BEGIN_C
#define _RAPCC_END_C
#define _RAPCC_NOEXCEPT
#endif
/* constexpr where C++14 allows it (void returns, loops, non-const members). */
#if defined(__cplusplus) && __cplusplus >= 201402L
#define _RAPCC_CONSTEXPR14 constexpr
#else
#define _RAPCC_CONSTEXPR14
#endif
#ifndef NULL
#ifdef __cplusplus
#define NULL __null
#else
#define NULL ((void *)0)
#endif
#endif
typedef __SIZE_TYPE__ size_t;
typedef __PTRDIFF_TYPE__ ptrdiff_t;
typedef __WCHAR_TYPE__ _RapccWchar;

#ifdef __cplusplus
/* Overload helpers for the math library: integral arguments call the double
 * version, mixed arguments promote (like <cmath>'s templates do). */
struct _RapccIntTag {};
template <class T> struct _RapccIntegral {};
template <class T> struct _RapccArith {};
#define _RAPCC_INTEGRAL(T) template <> struct _RapccIntegral<T> { typedef double type; typedef bool bool_type; }; \
  template <> struct _RapccArith<T> { typedef _RapccIntTag type; };
_RAPCC_INTEGRAL(bool) _RAPCC_INTEGRAL(char) _RAPCC_INTEGRAL(signed char) _RAPCC_INTEGRAL(unsigned char)
_RAPCC_INTEGRAL(short) _RAPCC_INTEGRAL(unsigned short) _RAPCC_INTEGRAL(int) _RAPCC_INTEGRAL(unsigned int)
_RAPCC_INTEGRAL(long) _RAPCC_INTEGRAL(unsigned long) _RAPCC_INTEGRAL(long long) _RAPCC_INTEGRAL(unsigned long long)
#undef _RAPCC_INTEGRAL
template <> struct _RapccArith<float> { typedef float type; };
template <> struct _RapccArith<double> { typedef double type; };
template <class A, class B> struct _RapccPromoteBoth { typedef double type; };
template <> struct _RapccPromoteBoth<float, float> { typedef float type; };
template <> struct _RapccPromoteBoth<float, _RapccIntTag> { typedef float type; };
template <> struct _RapccPromoteBoth<_RapccIntTag, float> { typedef float type; };
/* Written in the return type, so that a non-arithmetic argument is a
 * deduction failure (SFINAE), not an error. */
#define _RAPCC_PROMOTE2(A, B) typename _RapccPromoteBoth<typename _RapccArith<A>::type, typename _RapccArith<B>::type>::type
#endif
#endif
