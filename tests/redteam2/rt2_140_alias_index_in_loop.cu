// A row alias defined before a loop whose body moves the index; the alias
// is read in the loop.
// launch: rt2_140_alias_index_in_loop 2 32x8
__global__ void rt2_140_alias_index_in_loop(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    int r = tx;
    const float *row = tile[r];
    float acc = 0.0f;
    for (int k = 0; k < 4; ++k) {
        acc += row[(ty + k) & 31] * (float)(k + 1);
        r = (r + 1) & 31;
    }
    out[blockIdx.x * 256 + tid] = __float_as_int(acc + tile[r][ty]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_140_alias_index_in_loop<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
