// The array named through parentheses, a dereferenced address and a comma:
// (tile)[j][tx], (*&tile)[tx][j], (0, tile)[tx][j].
// launch: rt2_159_parenthesized_array 2 32x8
__global__ void rt2_159_parenthesized_array(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8)
        (tile)[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    for (int j = ty; j < 32; j += 8)
        out[blockIdx.x * 1024 + j * 32 + tx] = __float_as_int((*&tile)[tx][j] + 2.0f * (0, tile)[tx][j]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_159_parenthesized_array<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
