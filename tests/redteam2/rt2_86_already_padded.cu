// A tile padded by hand, [32][33], read by columns: conflict-free as written.
// launch: rt2_86_already_padded 2 32x8
__global__ void rt2_86_already_padded(const int *in, int *out, int p) {
    __shared__ float tile[32][32 + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    if (ty == 0) tile[tx][32] = (float)tx;
    __syncthreads();
    for (int j = ty; j < 32; j += 8)
        out[blockIdx.x * 1024 + j * 32 + tx] = __float_as_int(tile[tx][j] + tile[j][32]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_86_already_padded<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
