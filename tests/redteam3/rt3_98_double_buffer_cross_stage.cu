// Double buffering where one read runs off the end of stage 0 into stage 1
// (buf[0][31][tx + 32] is buf[1][0][tx]).
// launch: rt3_98_double_buffer_cross_stage 2 32x8
static __global__ void rt3_98_double_buffer_cross_stage(const int *in, int *out, int p) {
    __shared__ int buf[2][32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int k = 0; k < 2; ++k)
        for (int j = ty; j < 32; j += 8) buf[k][j][tx] = in[(k * 1024 + j * 32 + tx) % 4096] & 4095;
    __syncthreads();
    int acc = buf[0][31][tx + 32];
    for (int j = ty; j < 32; j += 8) acc = acc * 3 + buf[ty & 1][tx][j];
    out[blockIdx.x * 256 + ty * 32 + tx] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_98_double_buffer_cross_stage<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
