// 16 KB of static tile and 32 KB of dynamic buffer: 48 KB, the default
// limit exactly. Growing the static tile by one byte fails the launch.
// launch: rt2_35_static_plus_dynamic_budget 2 64x4 0 0 smem=32768
// expect: rewritten
__global__ void rt2_35_static_plus_dynamic_budget(const int *in, int *out, int p) {
    __shared__ float tile[64][64];
    extern __shared__ float scratch[];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 64; j += 4)
        tile[j][tx] = (float)(in[(blockIdx.x * 4096 + j * 64 + tx) & 4095] & 1023);
    for (int j = ty; j < 128; j += 4)
        scratch[j * 64 + tx] = (float)j;
    __syncthreads();
    float acc = 0.0f;
    for (int j = ty; j < 64; j += 4)
        acc += tile[tx][j] + scratch[(j * 2) * 64 + tx];
    out[blockIdx.x * 256 + ty * 64 + tx] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt2_35_static_plus_dynamic_budget<<<2, dim3(64, 4), 32768>>>(in, out, 0);
}
#endif
