// Extents spelled with comments, a macro and arithmetic inside the brackets.
// launch: rt3_128_extent_comments_and_macros 2 32x8
// expect: rewritten
#define RT3_128_ROWS 32
static __global__ void rt3_128_extent_comments_and_macros(const int *in, int *out, int p) {
    __shared__ int a[RT3_128_ROWS /* rows */][(32) /* cols */];
    __shared__ int b[RT3_128_ROWS][16 * 2 + 0];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8) {
        a[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 4095;
        b[j][tx] = (in[blockIdx.x * 1024 + j * 32 + tx] >> 12) & 4095;
    }
    __syncthreads();
    for (int j = ty; j < 32; j += 8)
        out[blockIdx.x * 1024 + j * 32 + tx] = a[tx][j] + 3 * b[tx][j];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_128_extent_comments_and_macros<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
