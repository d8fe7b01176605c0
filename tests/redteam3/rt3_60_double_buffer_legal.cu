// Double buffering (two tiles in one array, the stage chosen by k & 1),
// each stage read transposed in range.
// launch: rt3_60_double_buffer_legal 2 32x8
// expect: rewritten
static __global__ void rt3_60_double_buffer_legal(const int *in, int *out, int p) {
    __shared__ int buf[2][32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    int acc = 0;
    for (int k = 0; k < 4; ++k) {
        for (int j = ty; j < 32; j += 8) buf[k & 1][j][tx] = in[(k * 1024 + j * 32 + tx) % 4096] & 4095;
        __syncthreads();
        for (int j = ty; j < 32; j += 8) acc = acc * 3 + buf[k & 1][tx][j];
    }
    out[blockIdx.x * 256 + ty * 32 + tx] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_60_double_buffer_legal<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
