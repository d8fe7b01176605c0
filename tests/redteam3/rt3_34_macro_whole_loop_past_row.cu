// The loop macro with a column offset argument, used once with 16: the
// read runs half a row on.
// launch: rt3_34_macro_whole_loop_past_row 2 32x8
#define RT3_34_STAGE_IN(T, SRC) \
    for (int j_ = threadIdx.y; j_ < 32; j_ += 8) T[j_][threadIdx.x] = (SRC)[j_ * 32 + threadIdx.x] & 4095
#define RT3_34_STAGE_OUT(T, DST, OFF) \
    for (int j_ = threadIdx.y; j_ < 24; j_ += 8) (DST)[j_ * 32 + threadIdx.x] = T[j_][threadIdx.x + (OFF)] + T[threadIdx.x][j_]
__global__ void rt3_34_macro_whole_loop_past_row(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    RT3_34_STAGE_IN(tile, in + blockIdx.x * 1024);
    __syncthreads();
    RT3_34_STAGE_OUT(tile, out + blockIdx.x * 1024, 16);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_34_macro_whole_loop_past_row<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
