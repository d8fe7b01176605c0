// Macros that expand to whole loops (a staging idiom of older code bases):
// RT3_33_STAGE_IN writes rows, RT3_33_STAGE_OUT reads columns, both in range.
// launch: rt3_33_macro_whole_loop_legal 2 32x8
#define RT3_33_STAGE_IN(T, SRC) \
    for (int j_ = threadIdx.y; j_ < 32; j_ += 8) T[j_][threadIdx.x] = (SRC)[j_ * 32 + threadIdx.x] & 4095
#define RT3_33_STAGE_OUT(T, DST) \
    for (int j_ = threadIdx.y; j_ < 32; j_ += 8) (DST)[j_ * 32 + threadIdx.x] = T[threadIdx.x][j_]
static __global__ void rt3_33_macro_whole_loop_legal(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    RT3_33_STAGE_IN(tile, in + blockIdx.x * 1024);
    __syncthreads();
    RT3_33_STAGE_OUT(tile, out + blockIdx.x * 1024);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_33_macro_whole_loop_legal<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
