// A tile 48 wide (not a power of two) read by columns: a swizzle of the
// column must stay below 48.
// launch: rt2_147_odd_width_48 2 32x8
// expect: rewritten
__global__ void rt2_147_odd_width_48(const int *in, int *out, int p) {
    __shared__ float tile[32][48];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int i = tid; i < 32 * 48; i += 256)
        tile[i / 48][i % 48] = (float)(in[(blockIdx.x * 1536 + i) & 4095] & 4095);
    __syncthreads();
    float acc = 0.0f;
    for (int c = ty; c < 48; c += 8)
        acc += tile[tx][c] * (float)(c + 1);
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_147_odd_width_48<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
