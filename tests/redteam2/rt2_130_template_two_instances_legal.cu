// A template tile kernel with two instances, both launched and both in
// range: tile[W][W] read by columns.
// launch: rt2_130_template_two_instances_legal<32> 2 32x8
// launch: rt2_130_template_two_instances_legal<16> 2 16x16 0 2048
template <int W>
__global__ void rt2_130_template_two_instances_legal(const int *in, int *out, int p) {
    __shared__ float tile[W][W];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < W; j += 256 / W)
        tile[j][tx] = (float)(in[blockIdx.x * W * W + j * W + tx] & 4095);
    __syncthreads();
    for (int j = ty; j < W; j += 256 / W)
        out[blockIdx.x * W * W + j * W + tx] = __float_as_int(tile[tx][j]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt2_130_template_two_instances_legal<32><<<2, dim3(32, 8)>>>(in, out, 0);
    rt2_130_template_two_instances_legal<16><<<2, dim3(16, 16)>>>(in, out + 2048, 0);
}
#endif
