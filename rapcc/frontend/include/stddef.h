/* rapcc stand-in for <stddef.h> (declarations only). */
#ifndef RAPCC_STDDEF_H
#define RAPCC_STDDEF_H
#include <rapcc_internal.h>
#define offsetof(t, m) __builtin_offsetof(t, m)
typedef struct { long long __ll __attribute__((aligned(8))); double __d __attribute__((aligned(8))); } max_align_t;
#ifdef __cplusplus
namespace std { typedef decltype(nullptr) nullptr_t; }
typedef decltype(nullptr) nullptr_t;
#else
typedef _RapccWchar wchar_t;
#endif
#endif
