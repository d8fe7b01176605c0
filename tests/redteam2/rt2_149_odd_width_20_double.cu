// Doubles in rows of 20 (160 bytes a row), read by columns.
// launch: rt2_149_odd_width_20_double 2 32x8
// expect: rewritten
__global__ void rt2_149_odd_width_20_double(const int *in, int *out, int p) {
    __shared__ double tile[32][20];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int i = tid; i < 32 * 20; i += 256)
        tile[i / 20][i % 20] = (double)(in[(blockIdx.x * 640 + i) & 4095] & 4095) * 0.5;
    __syncthreads();
    double acc = 0.0;
    for (int c = ty; c < 20; c += 8)
        acc += tile[tx][c] * (double)(c + 1);
    out[blockIdx.x * 256 + tid] = (int)(acc * 2.0);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_149_odd_width_20_double<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
