// Reversed subscripts, legal C: j[tx[tile]] is tile[tx][j], and
// tx[tile] is the row tile[tx].
// launch: rt2_157_reversed_subscripts 2 32x8
__global__ void rt2_157_reversed_subscripts(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    for (int j = ty; j < 32; j += 8)
        out[blockIdx.x * 1024 + j * 32 + tx] = __float_as_int(j[tx[tile]] + 2.0f * tile[j][tx]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_157_reversed_subscripts<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
