/* rapcc stand-in for the CUDA samples' <helper_image.h> (declarations only):
 * PGM/PPM loading and result comparison. */
#ifndef RAPCC_HELPER_IMAGE_H
#define RAPCC_HELPER_IMAGE_H
#include <helper_string.h>
#ifndef MIN
#define MIN(a, b) ((a < b) ? a : b)
#endif
#ifndef MAX
#define MAX(a, b) ((a > b) ? a : b)
#endif
template <class T> bool sdkLoadPGM(const char *file, T **data, unsigned int *w, unsigned int *h);
template <class T> bool sdkSavePGM(const char *file, T *data, unsigned int w, unsigned int h);
bool __loadPPM(const char *file, unsigned char **data, unsigned int *w, unsigned int *h, unsigned int *channels);
bool __savePPM(const char *file, unsigned char *data, unsigned int w, unsigned int h, unsigned int channels);
bool sdkLoadPPM4ub(const char *file, unsigned char **data, unsigned int *w, unsigned int *h);
bool sdkSavePPM4ub(const char *file, unsigned char *data, unsigned int w, unsigned int h);
template <class T> bool sdkReadFile(const char *filename, T **data, unsigned int *len, bool verbose);
template <class T> bool sdkWriteFile(const char *filename, const T *data, unsigned int len, const T epsilon, bool verbose, bool append = false);
template <class T, class S> bool compareData(const T *reference, const T *data, const unsigned int len, const S epsilon, const float threshold);
bool sdkCompareL2fe(const float *reference, const float *data, const unsigned int len, const float epsilon);
bool sdkComparePPM(const char *src_file, const char *ref_file, const char *exec_path, const float epsilon, const float threshold, bool verboseErrors);
bool sdkComparePGM(const char *src_file, const char *ref_file, const float epsilon, const float threshold, bool verboseErrors);
#endif
