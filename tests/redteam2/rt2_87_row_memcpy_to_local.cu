// A row copied whole into a local array by memcpy, then read by column: the
// copy is the row's storage, in order, whatever the row's element order.
// launch: rt2_87_row_memcpy_to_local 2 32x8
__global__ void rt2_87_row_memcpy_to_local(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    float row[32];
    memcpy(row, tile[tx], sizeof row);
    out[blockIdx.x * 256 + tid] = __float_as_int(row[ty] + 2.0f * row[(ty * 5) & 31] + tile[tx][ty]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_87_row_memcpy_to_local<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
