/* rapcc stand-in for <assert.h> (declarations only). assert() is usable in
 * host and device code, as with nvcc. Like the real header, the macro is
 * redefined on every inclusion so that NDEBUG is honoured. */
#ifndef RAPCC_ASSERT_H
#define RAPCC_ASSERT_H
#include <rapcc_internal.h>
_RAPCC_BEGIN_C
_RAPCC_HD void __assert_fail(const char *, const char *, unsigned int, const char *) _RAPCC_NOEXCEPT __attribute__((noreturn));
_RAPCC_END_C
#endif
#undef assert
#ifdef NDEBUG
#define assert(e) ((void)0)
#else
#define assert(e) ((e) ? (void)0 : __assert_fail(#e, __FILE__, __LINE__, __func__))
#endif
